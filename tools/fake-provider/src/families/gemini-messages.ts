import { arrayField, isObject, objectField, stringField } from '../json-access';
import { textOfParts } from '../text-parts';
import type { NormalisedMessage } from '../types';

const ROLES: Record<string, string> = { user: 'user', model: 'assistant' };

/**
 * generateContent: `systemInstruction` first (as system), then `contents` whose role is 'user' or
 * 'model' (a missing role counts as 'user'); only text parts count, thought parts are skipped.
 */
export function geminiMessages(body: unknown): NormalisedMessage[] {
  const messages: NormalisedMessage[] = [];
  const system = textOfParts(
    objectField(body, 'systemInstruction') ?? objectField(body, 'system_instruction'),
  );
  if (system !== undefined) messages.push({ role: 'system', content: system });
  for (const content of arrayField(body, 'contents')) {
    if (!isObject(content)) continue;
    const role = ROLES[stringField(content, 'role') ?? 'user'];
    const text = textOfParts(content);
    if (role !== undefined && text !== undefined) messages.push({ role, content: text });
  }
  return messages;
}
