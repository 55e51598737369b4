import type { CaravanRole } from '@caravanserai/api';
import { Badge } from '@mantine/core';

/** A caravan role as a small badge: leaders stand out. */
export function RoleBadge({ role }: { role: CaravanRole }) {
  return (
    <Badge variant="light" color={role === 'leader' ? 'grape' : 'gray'} tt="none">
      {role === 'leader' ? 'Leader' : 'Member'}
    </Badge>
  );
}
