import { Container, Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

/** A page: its document title, its heading and its content in a readable width. */
export function Page({
  title,
  heading,
  action,
  children,
  size = 'md',
  breadcrumbs,
}: {
  title: string;
  heading?: ReactNode;
  /** Beside the heading, e.g. a list's New button. */
  action?: ReactNode;
  /** Shown above the heading, on detail and list pages. */
  breadcrumbs?: Crumb[];
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}) {
  useEffect(() => {
    document.title = `${title} · Caravanserai`;
  }, [title]);
  const headingTitle = heading !== undefined && (
    <Title order={1} mb={action ? undefined : 'md'} fz={{ base: 26, sm: 32 }}>
      {heading}
    </Title>
  );
  return (
    <Container size={size} py="md">
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      {action ? (
        <Group justify="space-between" mb="md" gap="sm">
          {headingTitle}
          {action}
        </Group>
      ) : (
        headingTitle
      )}
      {children}
    </Container>
  );
}
