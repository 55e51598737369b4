import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export interface Crumb {
  label: string;
  href?: string;
}

/** Every trail starts at Home. */
export function fromHome(...crumbs: Crumb[]): Crumb[] {
  return [{ label: 'Home', href: paths.home.href() }, ...crumbs];
}

/** Breadcrumbs for detail and list pages; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <MantineBreadcrumbs mb="md" separatorMargin={6}>
        {items.map((item, i) =>
          item.href && i < items.length - 1 ? (
            <Anchor key={`${item.label}|${item.href}`} component={Link} to={item.href} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text
              key={`${item.label}|${item.href}`}
              size="sm"
              c="dimmed"
              aria-current={i === items.length - 1 ? 'page' : undefined}
            >
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
