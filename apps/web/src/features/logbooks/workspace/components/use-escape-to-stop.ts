import { useEffect } from 'react';

/** Marks an element that gives Escape a meaning of its own (the inline editor cancels with it). */
export const OWN_ESCAPE = 'data-own-escape';

/**
 * Escape stops the answer being streamed, wherever the focus is on the page, unless something
 * else there takes that key (a dialog, a menu, a list of choices, the inline editor). Heard
 * before anything else on the page, since an open tooltip swallows the key on its way up.
 */
export function useEscapeToStop(active: boolean, stop: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(`[role="dialog"], [role="menu"], [role="listbox"], [${OWN_ESCAPE}]`)) return;
      stop();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [active, stop]);
}
