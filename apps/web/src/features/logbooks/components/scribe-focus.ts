/**
 * Router state that asks the logbook page to open with the caret in the Scribe: a logbook created
 * in one step is opened to be written in at once.
 */
export const FOCUS_SCRIBE_STATE = { focusScribe: true } as const;

export function wantsScribeFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'focusScribe' in state && state.focusScribe === true;
}
