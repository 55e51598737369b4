export const PROMPT_SUFFIX = '@mapper';

/** The lowercase username followed by @mapper; 'anonymous@mapper' when no user is loaded. */
export function promptFor(username?: string | null): string {
  return `${(username || 'anonymous').toLowerCase()}${PROMPT_SUFFIX}`;
}
