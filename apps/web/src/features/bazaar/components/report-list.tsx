import type { Report } from '@caravanserai/api';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useReports } from '../api/get-reports';
import { useModerateListing } from '../api/moderate-listing';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The administrators' "Reports": what people reported about Bazaar listings, newest first, each
 * with the listing (a link), who reported it, why and when, and Hide or Show for the listing.
 */
export function ReportList() {
  const reports = useReports();
  const moderate = useModerateListing();
  const failed = moderate.error
    ? serverFieldErrors(moderate.error).other.join(' ') || 'Please try again.'
    : null;

  return (
    <Stack gap="xs" component="section" aria-labelledby="reports-heading">
      <Title order={2} size="h3" id="reports-heading">
        Reports
      </Title>
      {reports.isPending ? (
        <PageLoader label="Loading reports" />
      ) : reports.isError ? (
        <Alert color="red" variant="light" role="alert" title="The reports could not be read.">
          Please try again.
        </Alert>
      ) : reports.data.length === 0 ? (
        <Text c="dimmed">Nobody has reported a listing.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reports">
          {reports.data.map((report) => (
            <ReportItem
              key={report.report_id}
              report={report}
              busy={moderate.isPending && moderate.variables?.listingId === report.listing.listing_id}
              onModerate={(hidden) => moderate.mutate({ listingId: report.listing.listing_id, hidden })}
            />
          ))}
        </Stack>
      )}
      {failed && (
        <Text c="red" size="sm" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}

function ReportItem({
  report,
  busy,
  onModerate,
}: {
  report: Report;
  busy: boolean;
  onModerate: (hidden: boolean) => void;
}) {
  const { listing } = report;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`Report on ${listing.title}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={paths.bazaar.listing.href(listing.slug)} fw={600}>
              {listing.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              by {listing.author.username}
            </Text>
            {listing.hidden && (
              <Badge variant="light" color="red">
                Hidden
              </Badge>
            )}
            {listing.withdrawn && (
              <Badge variant="light" color="gray">
                Withdrawn
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.reason}
          </Text>
          <Text size="xs" c="dimmed">
            Reported by{' '}
            <Anchor component={Link} to={paths.profile.href(report.reporter.username)} inherit>
              {report.reporter.username}
            </Anchor>{' '}
            · {when.format(new Date(report.created))}
          </Text>
        </Stack>
        {listing.hidden ? (
          <Button size="xs" variant="light" loading={busy} onClick={() => onModerate(false)}>
            Show
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy}
            disabled={listing.withdrawn}
            title={listing.withdrawn ? 'Its author withdrew it.' : undefined}
            onClick={() => onModerate(true)}
          >
            Hide
          </Button>
        )}
      </Group>
    </Paper>
  );
}
