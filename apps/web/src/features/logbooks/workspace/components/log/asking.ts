import { createContext, useContext } from 'react';

/**
 * Whether an answer is arriving, when no other can be asked. Read by the few controls it disables
 * (Regenerate, Retry, Send Again, the version arrows), so its change re-renders them, not every row.
 */
export const AskingContext = createContext(false);

export function useAsking(): boolean {
  return useContext(AskingContext);
}
