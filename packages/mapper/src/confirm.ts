import type { CommandEnv } from './command-env.js';
import type { ConfirmRequest } from './io.js';

const YES = new Set(['y', 'Y']);
/** n, Enter (as a terminal sends it, or named) and Ctrl+C all answer no. */
const NO = new Set(['n', 'N', '\r', '\n', 'Enter', '\x03']);

/**
 * Asks a yes/no question and waits for the answer. A host with its own dialog answers it;
 * otherwise only y or n is accepted (either case) and Enter counts as n, and
 * any other key is ignored, so a stray key never decides. A command cancelled while the question
 * was open never goes ahead, whatever the answer.
 */
export async function confirm(env: CommandEnv, request: ConfirmRequest): Promise<boolean> {
  const yes = env.host.confirm ? await askHost(env, request) : await askKeys(env, request.question);
  return yes && env.signal?.aborted !== true;
}

async function askHost(env: CommandEnv, request: ConfirmRequest): Promise<boolean> {
  try {
    return (await env.host.confirm?.(request)) === true;
  } catch {
    return false;
  }
}

async function askKeys(env: CommandEnv, question: string): Promise<boolean> {
  env.io.write(`${question} (y/n) `);
  for (;;) {
    const key = await env.io.readKey();
    if (YES.has(key) || NO.has(key)) {
      const yes = YES.has(key);
      env.io.write(`${yes ? 'y' : 'n'}\n`);
      return yes;
    }
  }
}

/** '1 entry', '5 entries', '2 <comment> entries'. */
export function countEntries(count: number, tag?: string): string {
  return `${count}${tag ? ` <${tag}>` : ''} ${count === 1 ? 'entry' : 'entries'}`;
}
