import { Box, Button, Group, Text } from '@mantine/core';
import type { TestOutcome } from '../hooks/use-connection-test';
import classes from './connection-test.module.css';

interface ConnectionTestProps {
  outcome: TestOutcome | null;
  pending: boolean;
  onTest: () => void;
}

/** The "Test connection" button and, next to it, what the provider answered. */
export function ConnectionTest({ outcome, pending, onTest }: ConnectionTestProps) {
  return (
    <Group gap="sm" align="flex-start">
      <Button variant="default" onClick={onTest} loading={pending}>
        Test connection
      </Button>
      {/* Announced when it changes; wraps below the button on a narrow screen. */}
      <Box role="status" aria-live="polite" style={{ flex: '1 1 12rem', minWidth: 0 }}>
        {outcome && !pending && <OutcomeText outcome={outcome} />}
      </Box>
    </Group>
  );
}

function OutcomeText({ outcome }: { outcome: TestOutcome }) {
  if (outcome.kind === 'unasked') {
    return (
      <Text size="sm" className={classes.failed}>
        {outcome.message}
      </Text>
    );
  }
  const { result } = outcome;
  if (result.ok) {
    return (
      <Text size="sm" fw={500} className={classes.ok}>
        <span aria-hidden="true">✓ </span>
        {result.detail}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" fw={500} className={classes.failed}>
        <span aria-hidden="true">✗ </span>
        {result.detail}
      </Text>
      <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        Provider's reason: {result.reason}
      </Text>
    </>
  );
}
