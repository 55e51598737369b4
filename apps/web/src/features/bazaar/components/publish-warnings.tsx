import type { PublishWarning, WarningKind } from '@caravanserai/api';
import { Alert, Checkbox, Code, List, Stack, Text } from '@mantine/core';

const KIND_LABELS: Record<WarningKind, string> = {
  api_key: 'API key',
  email: 'E-mail address',
  phone: 'Phone number',
};

export const ACKNOWLEDGE_LABEL = 'I have looked at these warnings and want to publish anyway';

const titleOf = (count: number) =>
  count === 0
    ? 'Something looks private'
    : count === 1
      ? '1 thing looks private'
      : `${count} things look private`;

/**
 * What in the copy looks private, each with where it is (or, where no preview lists them, the
 * server's `note`), and the box the author ticks to publish it anyway (Publish waits for it).
 */
export function PublishWarnings({
  warnings,
  note = 'Edit the logbook and preview again, or leave out the tags they are in.',
  acknowledged,
  onAcknowledge,
}: {
  warnings: readonly PublishWarning[];
  note?: string;
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
}) {
  return (
    <Alert color="yellow" variant="light" title={titleOf(warnings.length)}>
      <Stack gap="sm">
        {warnings.length > 0 && (
          <List spacing={6} size="sm" aria-label="Warnings">
            {warnings.map((warning, at) => (
              // Warnings have no ids; the same kind can be found twice in one entry.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <List.Item key={at}>
                <Text span fw={600} size="sm">
                  {KIND_LABELS[warning.kind]}
                </Text>{' '}
                <Code>{warning.excerpt}</Code>{' '}
                <Text span size="sm" c="dimmed">
                  in entry {warning.index + 1}
                </Text>
                <Text size="sm">{warning.message}</Text>
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm">{note}</Text>
        <Checkbox
          label={ACKNOWLEDGE_LABEL}
          checked={acknowledged}
          onChange={(event) => onAcknowledge(event.currentTarget.checked)}
        />
      </Stack>
    </Alert>
  );
}
