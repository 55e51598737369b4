import { type Entry, filesOf } from '../entry';
import { isNotice } from '../notices';
import { activePath, treeOf } from '../tree';
import { blockquote, containMarkdown, fencedBlock, inlineText } from './markdown-safe';
import type { ExportedFile, LogbookMeta } from './meta';

// Only plain identifiers are used as a fence's language, so an attribute cannot inject Markdown.
const LANGUAGE = /^[A-Za-z0-9_+#.-]{1,32}$/;

function codeLanguage(e: Entry): string {
  const lang = e.attrs.lang ?? e.attrs.language ?? '';
  return LANGUAGE.test(lang) ? lang : '';
}

function renderEntry(e: Entry): string {
  const prose = containMarkdown(e.content);
  switch (e.tag) {
    case 'query':
      return `**You**\n\n${prose}`;
    case 'gen':
      return isNotice(e) ? `*Notice: ${inlineText(e.content)}*` : `**AI**\n\n${prose}`;
    case 'mirage':
      return `**AI** · **⚠ Mirage**\n\n${prose}`;
    case 'context':
      return blockquote(`**Context**\n\n${prose}`);
    case 'comment':
      return `*Note:*\n\n${prose}`;
    case 'code':
      return fencedBlock(e.content, codeLanguage(e));
    case 'shell':
      return `**Shell**\n\n${fencedBlock(e.content)}`;
    case 'command':
      return `**Command**\n\n${fencedBlock(e.content)}`;
  }
}

/** An entry's files as Markdown links: images shown, other files to download. */
function renderFiles(e: Entry, files: ReadonlyMap<string, ExportedFile>): string {
  const links = filesOf(e).flatMap((id) => {
    const file = files.get(id);
    if (file === undefined) return [];
    const url = encodeURI(file.url).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const label = inlineText(file.name);
    return [file.media_type.startsWith('image/') ? `![${label}](${url})` : `[${label}](${url})`];
  });
  return links.join('\n\n');
}

function renderHeader(meta: LogbookMeta): string[] {
  const blocks: string[] = [];
  if (meta.title?.trim()) blocks.push(`# ${inlineText(meta.title)}`);
  if (meta.description?.trim()) blocks.push(containMarkdown(meta.description));
  if (meta.owner?.trim()) blocks.push(`*Owner: ${inlineText(meta.owner)}*`);
  return blocks;
}

/**
 * A readable transcript of the conversation's current line (DESIGN 3a: a branched logbook's active
 * path, the whole log when it has no branches). Deleted (blank) entries are left out. Files the
 * entries name are linked (images shown) where `meta.files` says where they are.
 */
export function toMarkdown(entries: readonly Entry[], meta: LogbookMeta = {}): string {
  const header = renderHeader(meta);
  const line = activePath(treeOf(entries), meta.head).map((index) => entries[index]!);
  const files = new Map((meta.files ?? []).map((file) => [file.file_id, file]));
  const body = line
    .filter((e) => e.content.trim() !== '')
    .map((e) => [renderEntry(e), renderFiles(e, files)].filter((block) => block !== '').join('\n\n'));
  const blocks = header.length > 0 && body.length > 0 ? [...header, '---', ...body] : [...header, ...body];
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
