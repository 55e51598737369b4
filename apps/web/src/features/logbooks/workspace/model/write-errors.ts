import { ApiError } from '@caravanserai/api';
import { notifications } from '@mantine/notifications';

/** The log changed since it was read ('stale_version'), or the entry is not what it was ('conflict'). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'stale_version' || error.code === 'conflict');
}

/** Says why a change to the log did not go through; the caller reloads the log either way. */
export function notifyWriteFailed(error: unknown): void {
  if (isStale(error)) {
    notifications.show({
      color: 'yellow',
      title: 'The logbook changed meanwhile',
      message: 'It has been reloaded: check the entry and try again.',
    });
    return;
  }
  notifications.show({
    color: 'red',
    title: 'Logbook not Updated',
    message: error instanceof Error ? error.message : String(error),
  });
}
