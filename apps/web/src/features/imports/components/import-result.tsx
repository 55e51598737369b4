import type { ImportJob } from '@caravanserai/api';
import { Alert, Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatLabel } from '../lib/format-label';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A finished job: what became a logbook (linked), what was updated, duplicates, and what was skipped and why. */
export function ImportResult({ job, what = 'Import' }: { job: ImportJob; what?: 'Import' | 'Restore' }) {
  if (job.status === 'failed') {
    return (
      <Alert color="red" title={`The ${what.toLowerCase()} failed`} role="alert">
        {job.detail ?? 'The file could not be read.'}
      </Alert>
    );
  }
  const { imported, skipped, duplicates, updated } = job;
  const nothing = imported.length === 0 && updated === 0 && duplicates === 0 && skipped.length === 0;
  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="xs">
        <Title order={2} fz="lg">
          {what} finished
        </Title>
        {job.format && (
          <Badge variant="light" radius="sm">
            {formatLabel(job.format)}
          </Badge>
        )}
      </Group>
      <Text>
        {plural(imported.length, 'conversation')} imported, {updated} updated,{' '}
        {plural(duplicates, 'duplicate')}, {skipped.length} skipped.
      </Text>
      {nothing && <Text c="dimmed">The file held no conversations.</Text>}
      {imported.length > 0 && (
        <section aria-labelledby="imported-heading">
          <Title order={3} fz="md" id="imported-heading" mb={4}>
            Imported
          </Title>
          <List spacing={4} size="sm">
            {imported.map((item) => (
              <List.Item key={item.logid} style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={paths.logbooks.detail.href(item.logid)} size="sm">
                  {item.title || 'Untitled'}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      )}
      {updated > 0 && (
        <Text size="sm" c="dimmed">
          {plural(updated, 'logbook was', 'logbooks were')} already here and got only the new turns.
        </Text>
      )}
      {duplicates > 0 && (
        <Text size="sm" c="dimmed">
          {plural(duplicates, 'conversation was', 'conversations were')} already here unchanged.
        </Text>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby="skipped-heading">
          <Title order={3} fz="md" id="skipped-heading" mb={4}>
            Skipped
          </Title>
          <List spacing={4} size="sm">
            {skipped.map((item) => (
              <List.Item key={item.source_id} style={{ overflowWrap: 'anywhere' }}>
                <Text span size="sm" fw={600}>
                  {item.title || item.source_id}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' '}
                  — {item.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}
