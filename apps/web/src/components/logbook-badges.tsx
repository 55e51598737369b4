import { Badge, Group } from '@mantine/core';

/** The Private / Salted / Forked flags of a logbook, as small badges. */
export function LogbookBadges({ flags }: { flags: { private: boolean; salted: boolean; forked?: boolean } }) {
  if (!flags.private && !flags.salted && !flags.forked) return null;
  return (
    <Group gap={6}>
      {flags.private && (
        <Badge variant="light" color="gray" size="sm">
          Private
        </Badge>
      )}
      {flags.salted && (
        <Badge variant="light" color="cyan" size="sm">
          Salted
        </Badge>
      )}
      {flags.forked && (
        <Badge variant="light" color="grape" size="sm">
          Forked
        </Badge>
      )}
    </Group>
  );
}
