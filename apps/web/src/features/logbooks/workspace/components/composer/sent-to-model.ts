/** What a query sends the model, said plainly under the box (the server builds it the same way). */
export const MEMORY_OFF_SENDS = 'The model is sent: context entries and this question.';
export const MEMORY_ON_SENDS =
  'The model is sent: the conversation so far, without comments, mirages and notices.';

/** Whose instructions go first with every question (DESIGN 12); blank ones are not sent. */
export interface SentInstructions {
  user: boolean;
  journal: boolean;
}

/** Whether instructions are sent: the server leaves out blank ones. */
export function hasInstructions(text: string | null | undefined): boolean {
  return (text ?? '').trim() !== '';
}

/**
 * The line under the Scribe: what a query sends, the instructions first when there are any
 * ('The model is sent: your instructions, this journal's instructions, context entries and this
 * question.'), word for word the memory's line when there are none.
 */
export function sentToModel(memory: boolean, { user, journal }: SentInstructions): string {
  if (!user && !journal) return memory ? MEMORY_ON_SENDS : MEMORY_OFF_SENDS;
  const first = [...(user ? ['your instructions'] : []), ...(journal ? ["this journal's instructions"] : [])];
  const rest = memory
    ? 'the conversation so far, without comments, mirages and notices'
    : 'context entries and this question';
  return `The model is sent: ${[...first, rest].join(', ')}.`;
}
