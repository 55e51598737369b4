import { notifications } from '@mantine/notifications';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCreateNextLogbook } from '../api/create-next-logbook';
import { FOCUS_SCRIBE_STATE } from './scribe-focus';

/**
 * Starts a logbook in one step and opens it ready to type in. A second press while the first is
 * being created is ignored, so a held shortcut makes one logbook, not several.
 */
export function useNewLogbook() {
  const { mutateAsync, isPending } = useCreateNextLogbook();
  const navigate = useNavigate();
  const busy = useRef(false);

  const start = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const logbook = await mutateAsync();
      await navigate(paths.logbooks.detail.href(logbook.logid), { state: FOCUS_SCRIBE_STATE });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No new logbook',
        message: error instanceof Error ? error.message : 'The logbook could not be created.',
      });
    } finally {
      busy.current = false;
    }
  }, [mutateAsync, navigate]);

  return { start, creating: isPending };
}
