import type { CaravanUsage } from '@caravanserai/api';
import { Table, Text } from '@mantine/core';
import { formatCount } from '../lib/policy-values';

const HEADINGS = { member: 'Member', well: 'Well', model: 'Model', day: 'Day (UTC)' } as const;
const n = formatCount;

/** The figures behind the charts, one row per member, well, model or day, and their totals. */
export function UsageTable({ usage }: { usage: CaravanUsage }) {
  if (usage.rows.length === 0) {
    return <Text c="dimmed">No queries in this period.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} aria-label={`Usage by ${usage.group_by}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{HEADINGS[usage.group_by]}</Table.Th>
            <Table.Th ta="right">Queries</Table.Th>
            <Table.Th ta="right">Input tokens</Table.Th>
            <Table.Th ta="right">Output tokens</Table.Th>
            <Table.Th ta="right">Errors</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {usage.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.key}</Table.Td>
              <Table.Td ta="right">{n(row.queries)}</Table.Td>
              <Table.Td ta="right">{n(row.input_tokens)}</Table.Td>
              <Table.Td ta="right">{n(row.output_tokens)}</Table.Td>
              <Table.Td ta="right">{n(row.errors)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{n(usage.totals.queries)}</Table.Th>
            <Table.Th ta="right">{n(usage.totals.input_tokens)}</Table.Th>
            <Table.Th ta="right">{n(usage.totals.output_tokens)}</Table.Th>
            <Table.Th ta="right">{n(usage.totals.errors)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
