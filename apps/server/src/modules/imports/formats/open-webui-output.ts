import { type EntryList, isRecord, str, type TurnAttrs } from './entry-list.js';

/**
 * Newer Open WebUI versions keep an answer as Responses-style items in `output`, of which its
 * `content` is a rendering. Read from the items, in turn: `reasoning` (its summary, else its
 * content) -> comment, `function_call` (name and arguments) -> code, `function_call_output` ->
 * shell, `open_webui:code_interpreter` -> code and its output -> shell, `message` text -> gen.
 * Other items (statuses, sources) carry no words of the conversation.
 */

/** Text parts (`{type, text}` or strings) joined; a string is its own text. */
function partsText(value: unknown, separator = '\n\n'): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .map((part) => (typeof part === 'string' ? part : isRecord(part) ? (str(part.text) ?? '') : ''))
    .filter((text) => text.trim() !== '')
    .join(separator);
}

function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

/** A code run's output: its stdout, stderr and result as given, else the value as it is. */
function runOutput(value: unknown): string {
  if (!isRecord(value)) return jsonText(value);
  const streams = [value.stdout, value.stderr, value.result].map((v) =>
    typeof v === 'string' ? v : jsonText(v),
  );
  return streams.filter((text) => text.trim() !== '').join('\n');
}

/** The answer's entries from its output items; false when they hold none (then `content` is read). */
export function outputInto(list: EntryList, output: readonly unknown[], attrs: TurnAttrs): boolean {
  const before = list.entries.length;
  for (const item of output) {
    if (!isRecord(item)) continue;
    switch (item.type) {
      case 'message':
        list.gen(partsText(item.content), attrs);
        break;
      case 'reasoning': {
        const summary = partsText(item.summary);
        list.thought(summary.trim() !== '' ? summary : partsText(item.content), attrs);
        break;
      }
      case 'function_call':
        list.add(
          'code',
          [str(item.name) ?? 'tool', jsonText(item.arguments)].filter(Boolean).join('\n'),
          attrs,
        );
        break;
      case 'function_call_output':
        list.add('shell', Array.isArray(item.output) ? partsText(item.output) : jsonText(item.output), attrs);
        break;
      case 'open_webui:code_interpreter':
        list.add('code', str(item.code) ?? '', attrs);
        list.add('shell', runOutput(item.output).trimEnd(), attrs);
        break;
    }
  }
  return list.entries.length > before;
}
