import { useCallback, useMemo, useRef } from 'react';

/**
 * Up/Down through the lines typed into one shell box, newest first. Leaving the history with
 * Down gives back the line that was being typed.
 */
export function useCommandHistory() {
  const items = useRef<string[]>([]);
  const position = useRef(-1);
  const draft = useRef('');

  const add = useCallback((line: string) => {
    position.current = -1;
    if (line !== '' && items.current[0] !== line) items.current.unshift(line);
  }, []);

  const older = useCallback((current: string): string | null => {
    if (position.current + 1 >= items.current.length) return null;
    if (position.current === -1) draft.current = current;
    position.current += 1;
    return items.current[position.current] ?? null;
  }, []);

  const newer = useCallback((): string | null => {
    if (position.current === -1) return null;
    position.current -= 1;
    return position.current === -1 ? draft.current : (items.current[position.current] ?? '');
  }, []);

  return useMemo(() => ({ add, older, newer }), [add, older, newer]);
}
