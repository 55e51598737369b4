import type { CommandContext } from '../context.js';

const YES = new Set(['y', 'Y']);
/** n, Enter (as a terminal sends it, or named) and Ctrl+C all answer no. */
const NO = new Set(['n', 'N', '\r', '\n', 'Enter', '\x03']);

/**
 * Asks a yes/no question and waits for the answer: only y or n is accepted (either case) and Enter
 * counts as n (spec 001 §2, §5); any other key is ignored, so a stray key never decides.
 */
export async function confirm(ctx: CommandContext, question: string): Promise<boolean> {
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
