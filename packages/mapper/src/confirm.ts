import type { CommandContext } from './context.js';
import type { ConfirmRequest } from './io.js';

const YES = new Set(['y', 'Y']);
/** n, Enter (as a terminal sends it, or named) and Ctrl+C all answer no. */
const NO = new Set(['n', 'N', '\r', '\n', 'Enter', '\x03']);

/**
 * Asks a yes/no question and waits for the answer. A host with its own dialog answers it;
 * otherwise only y or n is accepted (either case) and Enter counts as n (spec 001 §2, §5), and
 * any other key is ignored, so a stray key never decides. A command cancelled while the question
 * was open never goes ahead, whatever the answer.
 */
export async function confirm(ctx: CommandContext, request: ConfirmRequest): Promise<boolean> {
  const yes = ctx.host.confirm ? await askHost(ctx, request) : await askKeys(ctx, request.question);
  return yes && ctx.signal?.aborted !== true;
}

async function askHost(ctx: CommandContext, request: ConfirmRequest): Promise<boolean> {
  try {
    return (await ctx.host.confirm?.(request)) === true;
  } catch {
    return false;
  }
}

async function askKeys(ctx: CommandContext, question: string): Promise<boolean> {
  ctx.io.write(`${question} (y/n) `);
  for (;;) {
    const key = await ctx.io.readKey();
    if (YES.has(key) || NO.has(key)) {
      const yes = YES.has(key);
      ctx.io.write(`${yes ? 'y' : 'n'}\n`);
      return yes;
    }
  }
}

/** '1 entry', '5 entries', '2 <comment> entries'. */
export function countEntries(count: number, tag?: string): string {
  return `${count}${tag ? ` <${tag}>` : ''} ${count === 1 ? 'entry' : 'entries'}`;
}
