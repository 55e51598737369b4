import { Container, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

/** A page: its document title, its heading and its content in a readable width. */
export function Page({
  title,
  heading,
  children,
  size = 'md',
  breadcrumbs,
}: {
  title: string;
  heading?: ReactNode;
  /** Shown above the heading, on detail and list pages. */
  breadcrumbs?: Crumb[];
  children: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}) {
  useEffect(() => {
    document.title = `${title} · Caravanserai`;
  }, [title]);
  return (
    <Container size={size} py="md">
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      {heading !== undefined && (
        <Title order={1} mb="md" fz={{ base: 26, sm: 32 }}>
          {heading}
        </Title>
      )}
      {children}
    </Container>
  );
}
