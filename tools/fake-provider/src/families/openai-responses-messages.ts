import { isObject, stringField } from '../json-access';
import { textOf } from '../text-parts';
import type { NormalisedMessage } from '../types';

const ROLES: Record<string, string> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
};
const TEXT_TYPES = ['input_text', 'output_text', 'text'];

/**
 * Responses API `instructions` (first, as system) and `input`: a plain string (one user message) or
 * items; items with a role are messages, the rest (function calls and outputs, reasoning) are skipped.
 */
export function openaiResponsesMessages(body: unknown): NormalisedMessage[] {
  const messages: NormalisedMessage[] = [];
  const instructions = stringField(body, 'instructions');
  if (instructions !== undefined) messages.push({ role: 'system', content: instructions });
  const input = isObject(body) ? body.input : undefined;
  if (typeof input === 'string') messages.push({ role: 'user', content: input });
  if (!Array.isArray(input)) return messages;
  for (const item of input) {
    const role = ROLES[stringField(item, 'role') ?? ''];
    const content = isObject(item) ? textOf(item.content, TEXT_TYPES) : undefined;
    if (role !== undefined && content !== undefined) messages.push({ role, content });
  }
  return messages;
}
