/** Journal titles are required; blank ones are refused before a round trip. */
export function validateJournalTitle(value: string): string | null {
  return value.trim() ? null : 'Title is required';
}

export const JOURNAL_NAME_LABEL =
  "What is the name of this Journal? (don't stress, you can change it whenever)";
