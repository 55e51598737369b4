import type { Entry } from '@caravanserai/logbook';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { MONOSPACE_TAGS, TAG_COLORS } from './tag-colors';

/** One log entry: its tag as a label and its content as plain text (never parsed as HTML). */
export function EntryCard({ entry }: { entry: Entry }) {
  const color = TAG_COLORS[entry.tag];
  const attrs = Object.entries(entry.attrs);
  return (
    <Paper
      withBorder
      p="sm"
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-filled)` }}
      data-tag={entry.tag}
    >
      <Group gap="xs" mb={6}>
        <Badge color={color} variant="light" size="sm">
          {entry.tag}
        </Badge>
        {attrs.map(([name, value]) => (
          <Text key={name} size="xs" c="dimmed">
            {name}: {value}
          </Text>
        ))}
      </Group>
      <Text
        component="div"
        ff={MONOSPACE_TAGS.has(entry.tag) ? 'monospace' : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {entry.content}
      </Text>
    </Paper>
  );
}
