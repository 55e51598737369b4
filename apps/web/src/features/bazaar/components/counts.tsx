import { Group, Text, VisuallyHidden } from '@mantine/core';
import { ForkIcon, StarIcon } from './icons';

/** "3 forks" / "1 star": a count and what of. */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A listing's fork and star counts as icons and numbers; screen readers hear "3 forks, 1 star". */
export function Counts({ forks, stars, size = 'xs' }: { forks: number; stars: number; size?: 'xs' | 'sm' }) {
  const icon = size === 'xs' ? 14 : 16;
  return (
    <Group gap={12} wrap="nowrap">
      <Text size={size} c="dimmed" title={counted(forks, 'fork', 'forks')} style={inline}>
        <ForkIcon size={icon} />
        <span aria-hidden="true">{forks}</span>
        <VisuallyHidden>{counted(forks, 'fork', 'forks')}</VisuallyHidden>
      </Text>
      <Text size={size} c="dimmed" title={counted(stars, 'star', 'stars')} style={inline}>
        <StarIcon size={icon} />
        <span aria-hidden="true">{stars}</span>
        <VisuallyHidden>{counted(stars, 'star', 'stars')}</VisuallyHidden>
      </Text>
    </Group>
  );
}

const inline = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;
