import { ActionIcon, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BranchChoice } from '../../model/branch-view';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { useAsking } from './asking';

/**
 * "< 2/3 >": the versions of an entry (regenerated answers, edited questions), one shown at a
 * time. Each arrow shows the version beside it, and the server remembers the choice.
 */
export function BranchArrows({
  choice,
  onSwitch,
}: {
  choice: BranchChoice;
  onSwitch: (eid: string) => void;
}) {
  // No other version can be shown while an answer arrives.
  const disabled = useAsking();
  const { position, count, previous, next } = choice;
  const arrow = (label: string, eid: string | null, icon: ReactNode) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      disabled={disabled || eid === null}
      onClick={() => eid !== null && onSwitch(eid)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap={0} wrap="nowrap" mt={4} ml={-6} role="group" aria-label={`Version ${position} of ${count}`}>
      {arrow('Previous version', previous, <ChevronLeftIcon />)}
      <Text size="xs" c="dimmed" aria-hidden="true" data-testid="branch-position">
        {position}/{count}
      </Text>
      {arrow('Next version', next, <ChevronRightIcon />)}
    </Group>
  );
}
