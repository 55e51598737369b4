import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card.module.css';
import { PageLoader } from './page-loader';

interface CardListProps<T> {
  items: readonly T[];
  /** While the items load, the spinner stands in for the list. */
  loading?: boolean;
  loadingLabel?: string;
  /** What to show when there is nothing to list. */
  empty: ReactNode;
  /** The list's accessible name. */
  label?: string;
  itemKey: (item: T) => string;
  href: (item: T) => string;
  /** The body of one card; the whole card is the link. */
  children: (item: T) => ReactNode;
  /** Extra styling of one list's cards. */
  cardClassName?: string;
}

/** A list of cards, each one link to its item's page, with its loading and empty states. */
export function CardList<T>({
  items,
  loading = false,
  loadingLabel,
  empty,
  label,
  itemKey,
  href,
  children,
  cardClassName,
}: CardListProps<T>) {
  if (loading) return <PageLoader label={loadingLabel} />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>
          <Card
            withBorder
            padding="md"
            component={Link}
            to={href(item)}
            className={cardClassName ? `${classes.card} ${cardClassName}` : classes.card}
          >
            {children(item)}
          </Card>
        </li>
      ))}
    </Stack>
  );
}
