import type { CaravanPolicy } from '@caravanserai/api';
import { Code, Group, List, Text } from '@mantine/core';
import { capText } from '../lib/policy-values';

/** The policy as a member reads it. */
export function PolicySummary({ policy }: { policy: CaravanPolicy }) {
  return (
    <List spacing={4} aria-label="Policy">
      <List.Item>
        <Group gap={6} wrap="wrap">
          <Text span>Allowed models:</Text>
          {policy.allowed_models.length === 0 ? (
            <Text span>every model</Text>
          ) : (
            policy.allowed_models.map((model) => <Code key={model}>{model}</Code>)
          )}
        </Group>
      </List.Item>
      <List.Item>Member monthly queries: {capText(policy.member_monthly_queries)}</List.Item>
      <List.Item>Member monthly tokens: {capText(policy.member_monthly_tokens)}</List.Item>
      <List.Item>Caravan monthly tokens: {capText(policy.caravan_monthly_tokens)}</List.Item>
      <List.Item>
        Personal wells: {policy.personal_wells ? 'allowed' : 'not allowed (only this caravan’s wells)'}
      </List.Item>
    </List>
  );
}
