import type { UsageGroupBy } from '@caravanserai/api';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { saveFile } from '../../../lib/save-file';
import { getUsageCsv, useUsage } from '../api/get-usage';
import type { UsageRange } from '../api/keys';
import { failureText } from '../lib/failure-text';
import { withWellTitles } from '../lib/well-labels';
import { UsageTable } from './usage-table';

// The chart library is the larger part of this page: it loads after the figures' table can show.
const UsageCharts = lazy(() => import('./usage-charts').then((module) => ({ default: module.UsageCharts })));

const GROUPS: { value: UsageGroupBy; label: string }[] = [
  { value: 'member', label: 'Member' },
  { value: 'model', label: 'Model' },
  { value: 'day', label: 'Day' },
  { value: 'well', label: 'Well' },
];

/**
 * Usage by member, model, day or well over a range of UTC days (this month so far unless chosen),
 * as charts and a table, and the same figures as a CSV file. A member sees only their own use.
 */
export function UsagePanel({
  caravanId,
  leader,
  wellTitles,
}: {
  caravanId: string;
  leader: boolean;
  /** The shared wells' titles by id, to name the rows grouped by well. */
  wellTitles: ReadonlyMap<string, string>;
}) {
  const [groupBy, setGroupBy] = useState<UsageGroupBy>('member');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range: UsageRange = { group_by: groupBy, ...(from && { from }), ...(to && { to }) };
  const usage = useUsage(caravanId, range);
  const shown = usage.data && withWellTitles(usage.data, wellTitles);
  // The figures on show name the file; while a new range loads they are the old range's.
  const span =
    usage.data && !usage.isPlaceholderData
      ? `${usage.data.from}-${usage.data.to}`
      : `${from || 'month-start'}-${to || 'today'}`;
  const csv = useMutation({
    mutationFn: () => getUsageCsv(caravanId, range),
    onSuccess: (text) => saveFile(`caravan-usage-${groupBy}-${span}.csv`, text, 'text/csv'),
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {leader
          ? 'Everyone’s queries through this caravan’s wells.'
          : 'Your own queries through this caravan’s wells.'}{' '}
        Figures only: nobody’s logbooks or questions.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Group usage by"
          value={groupBy}
          onChange={(value) => setGroupBy(value as UsageGroupBy)}
          data={GROUPS}
        />
        <TextInput
          type="date"
          label="From"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={160}
        />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
        <Button variant="default" onClick={() => csv.mutate()} loading={csv.isPending}>
          Download CSV
        </Button>
      </Group>
      {(usage.isError || csv.isError) && (
        <Alert color="red" variant="light" role="alert" title="The figures could not be loaded.">
          {failureText(usage.error ?? csv.error, 'The server did not answer. Please try again.')}
        </Alert>
      )}
      {usage.isPending ? (
        <PageLoader label="Loading usage" />
      ) : shown ? (
        <Stack gap="sm">
          <Text size="sm">
            From {shown.from} to {shown.to} (UTC).
          </Text>
          <Suspense fallback={<PageLoader label="Loading charts" />}>
            <UsageCharts usage={shown} />
          </Suspense>
          <UsageTable usage={shown} />
        </Stack>
      ) : null}
    </Stack>
  );
}
