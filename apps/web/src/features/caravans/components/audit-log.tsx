import type { CaravanAuditEntry } from '@caravanserai/api';
import { Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { actionText, detailText, when } from '../lib/audit-text';

/** Entries have no id: each gets its content as key, numbered when the same line happens twice. */
function keyed(entries: CaravanAuditEntry[]): { key: string; entry: CaravanAuditEntry }[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = [entry.at, entry.actor, entry.action, entry.target, entry.detail].join('|');
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}|${count}`, entry };
  });
}

/** Every change to the caravan, newest first: who did what to whom, and when (UTC). */
export function AuditLog({ entries }: { entries: CaravanAuditEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">Nothing has changed yet.</Text>;
  return (
    <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars>
      <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log">
        {keyed(entries).map(({ key, entry }) => (
          <Paper component="li" key={key} withBorder px="sm" py={6}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {when(entry.at)}
              </Text>
              <Text size="sm" fw={600}>
                {entry.actor}
              </Text>
              <Text size="sm" title={entry.action}>
                {actionText(entry.action)}
              </Text>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.target}
              </Text>
            </Group>
            {entry.detail && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {detailText(entry.detail)}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
