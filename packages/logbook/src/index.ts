export { buildMessages, type ChatMessage, contextText, NO_CONTEXT } from './chat-messages';
export { cleanText, createTextCleaner, REPLACEMENT } from './clean-text';
export {
  ATTR_NAME,
  type Entry,
  filesOf,
  findInvalidXmlChar,
  MAX_ENTRY_FILES,
  newQid,
  validateEntry,
} from './entry';
export { INVALID_LOG_XML, InvalidEntryError, InvalidLogError } from './errors';
export { escapeAttr, escapeXml } from './escape';
export { fromJson, JSON_FORMAT, toJson } from './export/json';
export { toMarkdown } from './export/markdown';
export type { ExportedFile, LogbookMeta } from './export/meta';
export { isNotice, NOTICE_ATTR, notice } from './notices';
export { isTag, TAGS, type Tag } from './tags';
export { applyToggle, blankEntry, type Toggle, toggleComment, toggleContext, toggleMirage } from './toggles';
export { addTokens, noTokens, type TokenTotals, tokenCount, tokenTotals } from './tokens';
export {
  activePath,
  EID,
  headIndex,
  type LogTree,
  newEid,
  newestLeafUnder,
  pathTo,
  ROOT_PARENT,
  siblingsOf,
  treeOf,
  treeProblem,
  withoutEntries,
  withTreeIds,
} from './tree';
export { LOG_VERSION, parseLog, serializeEntry, serializeLog } from './xml';
