import { type Entry, INVALID_LOG_XML, parseLog } from '@caravanserai/logbook';
import { Alert, Divider, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { EntryCard } from './entry-card';

function readLog(log: string): Entry[] | null {
  try {
    return parseLog(log);
  } catch {
    return null;
  }
}

/** The log area: every entry, in order, between START and END. */
export function LogbookEntries({ log }: { log: string }) {
  const entries = useMemo(() => readLog(log), [log]);
  if (entries === null) {
    return (
      <Alert color="red" role="alert">
        {INVALID_LOG_XML}
      </Alert>
    );
  }
  return (
    <section aria-label="Log">
      <Divider label="START" labelPosition="center" my="sm" />
      {entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          This Logbook has no entries yet.
        </Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry, index) => (
            // Entries have no id of their own; their position is what the API addresses them by.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is only ever replaced as a whole.
            <li key={index}>
              <EntryCard entry={entry} />
            </li>
          ))}
        </Stack>
      )}
      <Divider label="END" labelPosition="center" my="sm" />
    </section>
  );
}
