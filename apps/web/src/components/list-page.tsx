import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Crumb, fromHome } from './breadcrumbs';
import { Page } from './page';
import type { LinkTo } from './start-buttons';

/** A page listing the user's own things: the trail, the heading with its New button, the list. */
export function ListPage({
  title,
  area,
  crumb = title,
  create,
  children,
}: {
  title: string;
  /** The area's home, the trail's middle step. */
  area: Crumb;
  /** The page's name in the trail, when it is not the title. */
  crumb?: string;
  create: LinkTo;
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      heading={title}
      breadcrumbs={fromHome(area, { label: crumb })}
      action={
        <Button component={Link} to={create.href}>
          {create.label}
        </Button>
      }
    >
      {children}
    </Page>
  );
}
