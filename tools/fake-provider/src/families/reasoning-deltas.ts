/**
 * The deltas of a reply that reasons first: one entry per reasoning piece, then one per text piece.
 * The frames that close the reasoning and open the answer travel with the first text piece, so a
 * paced stream waits before them as a model switching from thinking to writing would, and a stream
 * without reasoning keeps exactly one entry per text piece.
 */
export function reasoningThenText(
  reasoning: readonly string[],
  between: readonly string[],
  text: readonly string[],
): string[] {
  const [first = '', ...rest] = text;
  return [...reasoning, between.join('') + first, ...rest];
}
