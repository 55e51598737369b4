import type { ConfirmRequest } from '@caravanserai/mapper';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A command's question as a dialog: `question` stays set while the dialog closes, so its text does
 * not vanish mid-animation; `asking` says whether it is open.
 */
export function useConfirmDialog() {
  const [question, setQuestion] = useState<ConfirmRequest | null>(null);
  const [asking, setAsking] = useState(false);
  const pending = useRef<((yes: boolean) => void) | null>(null);

  const answer = useCallback((yes: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setAsking(false);
    resolve?.(yes);
  }, []);

  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setQuestion(request);
        setAsking(true);
      }),
    [],
  );

  // A page left with the dialog open answers no, so the command ends.
  useEffect(() => () => pending.current?.(false), []);

  return { question, asking, ask, answer };
}
