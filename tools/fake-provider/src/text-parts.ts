import { arrayField, isObject, stringField } from './json-access';

/**
 * The text of a message's content: a plain string as is, or the `text` of every part whose `type` is
 * one of `textTypes` (Gemini parts have no type: pass `null` to accept any part with a `text`), joined
 * with a newline. Undefined when there is no text at all, so that tool-only messages can be skipped.
 */
export function textOf(content: unknown, textTypes: readonly string[] | null): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (!isObject(part)) continue;
    const text = stringField(part, 'text');
    if (text === undefined || part.thought === true) continue;
    const type = stringField(part, 'type');
    if (textTypes === null || (type !== undefined && textTypes.includes(type))) texts.push(text);
  }
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** The text of an object holding `parts` (Gemini content, systemInstruction). */
export function textOfParts(holder: unknown): string | undefined {
  return textOf(arrayField(holder, 'parts'), null);
}
