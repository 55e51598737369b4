import { Badge, CheckIcon } from '@mantine/core';

/** The 'Active' tick: the default card, or a subscription that is active. */
export function ActiveTick() {
  return (
    <Badge
      color="teal"
      variant="light"
      size="lg"
      tt="none"
      leftSection={<CheckIcon size={11} aria-hidden />}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      Active
    </Badge>
  );
}
