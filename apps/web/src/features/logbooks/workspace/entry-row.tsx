import type { Toggle } from '@caravanserai/logbook';
import { Badge, Group, Loader, Paper, Text } from '@mantine/core';
import { type CSSProperties, memo } from 'react';
import { CopyTextButton } from './copy-text-button';
import { EntryButtons } from './entry-buttons';
import { EntryContent } from './entry-content';
import classes from './entry-row.module.css';
import type { LogRow } from './overlay';
import { TAG_COLORS } from './tag-style';

export interface EntryActions {
  toggle(row: LogRow, toggle: Toggle): void;
  remove(row: LogRow): void;
}

/** One entry of the log: its tag, its buttons and its content. Re-renders only when it changes. */
export const EntryRow = memo(function EntryRow({
  row,
  editable,
  actions,
}: {
  row: LogRow;
  editable: boolean;
  actions: EntryActions;
}) {
  const { entry } = row;
  const color = TAG_COLORS[entry.tag];
  const style = {
    '--tag-color': `var(--mantine-color-${color}-filled)`,
  } as CSSProperties;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.entry}
      style={style}
      data-tag={entry.tag}
      data-pending={row.pending || undefined}
      aria-busy={row.streaming || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Group gap={8} wrap="nowrap">
          <Badge variant="light" color={color} size="sm" radius="sm">
            {entry.tag}
          </Badge>
          {row.streaming && <Loader type="dots" size="xs" aria-label="Answer arriving" />}
        </Group>
        <Group gap={2} wrap="nowrap" className={classes.actions}>
          {!row.streaming && <CopyTextButton text={entry.content} label="Copy entry" />}
          {editable && row.index !== null && (
            <EntryButtons
              tag={entry.tag}
              onToggle={(toggle) => actions.toggle(row, toggle)}
              onDelete={() => actions.remove(row)}
            />
          )}
        </Group>
      </Group>
      {entry.content === '' && row.streaming ? (
        <Text c="dimmed" size="sm">
          Waiting for the well…
        </Text>
      ) : (
        <EntryContent entry={entry} />
      )}
    </Paper>
  );
});
