import { arrayField, isObject, stringField } from '../json-access';
import { textOf } from '../text-parts';
import type { NormalisedMessage } from '../types';

const ROLES: Record<string, string> = { user: 'user', assistant: 'assistant' };

/**
 * Messages API: the top-level `system` (a string or text blocks) first, then `messages` whose content
 * is a string or blocks; only `text` blocks count (tool_use, tool_result, images are skipped).
 */
export function anthropicMessages(body: unknown): NormalisedMessage[] {
  const messages: NormalisedMessage[] = [];
  const system = isObject(body) ? textOf(body.system, ['text']) : undefined;
  if (system !== undefined) messages.push({ role: 'system', content: system });
  for (const message of arrayField(body, 'messages')) {
    const role = ROLES[stringField(message, 'role') ?? ''];
    const content = isObject(message) ? textOf(message.content, ['text']) : undefined;
    if (role !== undefined && content !== undefined) messages.push({ role, content });
  }
  return messages;
}
