import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** Cards side by side, as a named list: one column on a phone, up to three on a wide screen. */
export function CardGrid<T>({
  items,
  label,
  itemKey,
  children,
}: {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  itemKey: (item: T) => string;
  /** One item's card. */
  children: (item: T) => ReactNode;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </SimpleGrid>
  );
}
