import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Crumb } from './breadcrumbs';
import { Page } from './page';
import { PageLoader } from './page-loader';

/**
 * A create or settings page: trail, heading, an optional notice, then the form in a panel; while
 * its data loads a spinner, and when it cannot be shown the failure instead.
 */
export function FormPage({
  title,
  heading = title,
  size,
  breadcrumbs,
  notice,
  loading = false,
  loadingLabel,
  failure,
  children,
}: {
  title: string;
  heading?: ReactNode;
  size?: 'sm' | 'md';
  breadcrumbs?: Crumb[];
  notice?: ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the form (a Forbidden page, a failed load). */
  failure?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title} heading={heading} size={size} breadcrumbs={breadcrumbs}>
      {notice}
      {loading ? (
        <PageLoader label={loadingLabel} />
      ) : (
        failure || (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            {children}
          </Paper>
        )
      )}
    </Page>
  );
}
