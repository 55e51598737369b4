import '@mantine/charts/styles.css';
import type { CaravanUsage } from '@caravanserai/api';
import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const TOKEN_SERIES = [
  { name: 'input_tokens', label: 'Input tokens', color: 'blue.6' },
  { name: 'output_tokens', label: 'Output tokens', color: 'teal.6' },
];
const QUERY_SERIES = [
  { name: 'queries', label: 'Queries', color: 'grape.6' },
  { name: 'errors', label: 'Errors', color: 'red.6' },
];

const GROUP_NAMES = { member: 'member', well: 'well', model: 'model', day: 'day' } as const;

/** Tokens and queries per member, well, model or day; over days as areas, otherwise as bars. */
export function UsageCharts({ usage }: { usage: CaravanUsage }) {
  const by = GROUP_NAMES[usage.group_by];
  const data = usage.rows.map((row) => ({ ...row }));
  if (data.length === 0) return null;
  const chart = (title: string, series: typeof TOKEN_SERIES, stacked: boolean) => (
    <Paper withBorder p="sm">
      <Text size="sm" fw={600} mb="xs">
        {title} by {by}
      </Text>
      {/* The table below holds the same figures for screen readers. */}
      <div role="img" aria-label={`${title} by ${by}`}>
        {usage.group_by === 'day' ? (
          <AreaChart
            h={220}
            data={data}
            dataKey="key"
            series={series}
            type={stacked ? 'stacked' : 'default'}
            withLegend
            curveType="monotone"
          />
        ) : (
          <BarChart
            h={220}
            data={data}
            dataKey="key"
            series={series}
            type={stacked ? 'stacked' : 'default'}
            withLegend
          />
        )}
      </div>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {chart('Tokens', TOKEN_SERIES, true)}
      {chart('Queries', QUERY_SERIES, false)}
    </SimpleGrid>
  );
}
