import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bold label and its value on one line, so "Price: Free" or "Well ID: …" reads as one phrase to
 * everyone; a long value breaks anywhere rather than widening a phone's screen.
 */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
