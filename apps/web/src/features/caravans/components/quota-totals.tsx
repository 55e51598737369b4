import type { Caravan, CaravanUsage } from '@caravanserai/api';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { capText, formatCount } from '../lib/policy-values';

const n = formatCount;

/** One figure against its cap: a bar when there is a cap, red once it is reached. */
function QuotaLine({ label, used, cap }: { label: string; used: number; cap: number | null }) {
  const share = cap === null ? 0 : cap === 0 ? 100 : Math.min(100, (used / cap) * 100);
  const reached = cap !== null && used >= cap;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} c={reached ? 'red' : undefined}>
          {cap === null ? `${n(used)} · no cap` : `${n(used)} of ${capText(cap)}`}
          {reached && ' · reached'}
        </Text>
      </Group>
      {cap !== null && (
        <Progress
          value={share}
          color={reached ? 'red' : share >= 80 ? 'orange' : 'teal'}
          aria-label={label}
        />
      )}
    </Stack>
  );
}

/**
 * This month's use against each cap. A leader sees the caravan's budget and every member's use; a
 * member sees their own (the usage call answers them only that).
 */
export function QuotaTotals({ caravan, month, me }: { caravan: Caravan; month: CaravanUsage; me: string }) {
  const { policy } = caravan;
  const tokens = (row: { input_tokens: number; output_tokens: number }) =>
    row.input_tokens + row.output_tokens;
  const leader = caravan.role === 'leader';
  const rows = leader ? month.rows : month.rows.filter((row) => row.key === me);
  const people = leader ? caravan.members.map((member) => member.username) : [me];

  return (
    <Stack gap="md">
      {leader && (
        <QuotaLine
          label="Caravan tokens this month"
          used={tokens(month.totals)}
          cap={policy.caravan_monthly_tokens}
        />
      )}
      {people.map((username) => {
        const row = rows.find((r) => r.key === username);
        const who = username === me ? 'Your' : `${username}’s`;
        return (
          <Stack gap="xs" key={username}>
            <QuotaLine
              label={`${who} queries this month`}
              used={row?.queries ?? 0}
              cap={policy.member_monthly_queries}
            />
            <QuotaLine
              label={`${who} tokens this month`}
              used={row ? tokens(row) : 0}
              cap={policy.member_monthly_tokens}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
