import type { CurrentUser } from '@caravanserai/api';
import {
  createShellBoxInterpreter,
  createState,
  type HostActions,
  type MapperIO,
} from '@caravanserai/mapper';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../../../lib/api';
import { useCommandHistory } from './use-command-history';
import { useConfirmDialog } from './use-confirm-dialog';

// The output keeps its most recent part only: a long session must not slow the page down.
const OUTPUT_LIMIT = 20_000;

function append(output: string, text: string): string {
  const next = output + text;
  return next.length > OUTPUT_LIMIT ? next.slice(next.length - OUTPUT_LIMIT) : next;
}

/**
 * Hosts the shell box's interpreter (packages/mapper): it runs each line with this page's logbook,
 * writes into an output string, tells the page when the log changed, and asks a command's
 * confirmations in a dialog. Commands live in the interpreter, never here.
 */
export function useShellBox({
  logid,
  wellid,
  user,
  onLogbookChanged,
}: {
  logid: string;
  wellid: string | null;
  user: CurrentUser | null;
  onLogbookChanged: () => void;
}) {
  const interpreter = useMemo(() => createShellBoxInterpreter(), []);
  // The Mapper's session (its variables), kept while the page is open.
  const [state] = useState(createState);
  const [output, setOutput] = useState('');
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const keyWaiter = useRef<((key: string) => void) | null>(null);
  // Kept here, not in the box, so switching to the chat view and back keeps it.
  const history = useCommandHistory();
  const { question, asking, ask, answer } = useConfirmDialog();
  const host = useMemo<HostActions>(
    () => ({ logbookChanged: onLogbookChanged, confirm: ask }),
    [onLogbookChanged, ask],
  );

  const io = useMemo<MapperIO>(
    () => ({
      write: (text) => setOutput((current) => append(current, text)),
      clear: () => setOutput(''),
      readKey: () =>
        new Promise<string>((resolve) => {
          keyWaiter.current = resolve;
        }),
    }),
    [],
  );

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (line: string) => {
      history.add(line.trim());
      io.write(`Shell> ${line}\n`);
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      try {
        await interpreter.execute(line, {
          api,
          io,
          host,
          user: user ? { pk: user.pk, username: user.username } : null,
          state,
          logbook: { logid, wellid },
          signal: abort.signal,
        });
      } finally {
        // A command that ended (or was stopped) with its question open leaves no dialog behind.
        answer(false);
        if (controller.current === abort) controller.current = null;
        setRunning(false);
      }
    },
    [interpreter, io, history, logid, wellid, user, state, host, answer],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  /** A key typed while a command waits for one (a y/n question); true when it was taken. */
  const offerKey = useCallback((key: string): boolean => {
    const waiter = keyWaiter.current;
    if (!waiter) return false;
    keyWaiter.current = null;
    waiter(key);
    return true;
  }, []);

  return {
    output,
    running,
    run,
    cancel,
    offerKey,
    history,
    clearOutput: io.clear,
    question,
    asking,
    answer,
  };
}
