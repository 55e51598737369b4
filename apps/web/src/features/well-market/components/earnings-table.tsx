import type { Earnings } from '@caravanserai/api';
import { Table, Text } from '@mantine/core';
import { dollarsText, monthText, tokensText } from '../lib/money';

/**
 * What the owner's offers earned, a row per month (UTC), newest first: the tokens renters used,
 * what they owe for them, and how many rentals that was. The month under way counts so far.
 */
export function EarningsTable({ earnings }: { earnings: Earnings }) {
  if (earnings.months.length === 0) {
    return <Text c="dimmed">Nobody has used your wells through a rental yet.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={6} aria-label="Earnings" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Tokens</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Rentals</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {earnings.months.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Td>{monthText(month.month)}</Table.Td>
              <Table.Td ta="right">{tokensText(month.tokens)}</Table.Td>
              <Table.Td ta="right">{dollarsText(month.amount_cents)}</Table.Td>
              <Table.Td ta="right">{month.rentals}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
