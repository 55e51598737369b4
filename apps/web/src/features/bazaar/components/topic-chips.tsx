import type { ListingCard } from '@caravanserai/api';
import { Chip, Group } from '@mantine/core';

/** How many topics the row of chips offers besides the chosen one. */
const MAX_CHIPS = 12;

/** The topics of the cards shown, the most common first (ties in the order met). */
export function topicsOf(cards: readonly ListingCard[]): string[] {
  const counts = new Map<string, number>();
  for (const card of cards) for (const topic of card.topics) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([topic]) => topic);
}

/**
 * The topics to filter by, as chips: the chosen one (checked; clicking it again shows every topic),
 * then the most common topics of the listings shown.
 */
export function TopicChips({
  topics,
  chosen,
  onChoose,
}: {
  topics: readonly string[];
  chosen: string;
  onChoose: (topic: string) => void;
}) {
  const shown = [...new Set([...(chosen ? [chosen] : []), ...topics])].slice(0, MAX_CHIPS + 1);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label="Topics">
      {shown.map((topic) => (
        <Chip
          key={topic}
          size="xs"
          checked={topic === chosen}
          onChange={() => onChoose(topic === chosen ? '' : topic)}
        >
          #{topic}
        </Chip>
      ))}
    </Group>
  );
}
