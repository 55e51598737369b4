import { arrayField, isObject, stringField } from '../json-access';
import { textOf } from '../text-parts';
import type { NormalisedMessage } from '../types';

const ROLES: Record<string, string> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
};

/** Chat Completions `messages`: string content, or an array of `{ type: 'text', text }` parts. */
export function openaiChatMessages(body: unknown): NormalisedMessage[] {
  const messages: NormalisedMessage[] = [];
  for (const message of arrayField(body, 'messages')) {
    if (!isObject(message)) continue;
    const role = ROLES[stringField(message, 'role') ?? ''];
    const content = textOf(message.content, ['text']);
    if (role !== undefined && content !== undefined) messages.push({ role, content });
  }
  return messages;
}
