import type { CommandContext } from '../context.js';

/**
 * Asks a yes/no question and waits for one key: y (either case) continues; Enter, n and every
 * other key cancel, so a stray key can never confirm something destructive.
 */
export async function confirm(ctx: CommandContext, question: string): Promise<boolean> {
  ctx.io.write(`${question} (y/n) `);
  const key = await ctx.io.readKey();
  const yes = key.toLowerCase() === 'y';
  ctx.io.write(`${yes ? 'y' : 'n'}\n`);
  return yes;
}
