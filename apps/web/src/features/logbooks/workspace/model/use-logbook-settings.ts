import type { LogbookOverview } from '@caravanserai/api';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { usePatchLogbook } from '../../api/patch-logbook';

function notifyNotSaved(what: string) {
  return (error: unknown) =>
    notifications.show({
      color: 'red',
      title: `${what} not changed`,
      message: error instanceof Error ? error.message : String(error),
    });
}

/**
 * The settings the workspace changes in place, stored on the logbook: its memory (the switch
 * shows the new value at once and goes back if the server refuses) and its well.
 */
export function useLogbookSettings(logbook: LogbookOverview) {
  const { logid } = logbook;
  const memoryPatch = usePatchLogbook();
  const wellPatch = usePatchLogbook();
  const [wantedMemory, setWantedMemory] = useState<boolean | null>(null);

  const setMemory = useCallback(
    (memory: boolean) => {
      setWantedMemory(memory);
      memoryPatch.mutate(
        { logid, patch: { memory } },
        { onError: notifyNotSaved('Memory'), onSettled: () => setWantedMemory(null) },
      );
    },
    [memoryPatch.mutate, logid],
  );

  const setWell = useCallback(
    (logwell: string) => {
      wellPatch.mutate({ logid, patch: { logwell } }, { onError: notifyNotSaved('Well') });
    },
    [wellPatch.mutate, logid],
  );

  return {
    memory: wantedMemory ?? logbook.memory,
    setMemory,
    setWell,
    savingWell: wellPatch.isPending,
  };
}
