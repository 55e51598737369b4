import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from '../../../components/link-card.module.css';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useLogbooks } from '../api/get-logbooks';
import { formatDate } from './format-date';

const SHOWN = 6;

/** The signed-in home page's way back into work: the most recently modified logbooks. */
export function RecentLogbooksSection() {
  const logbooks = useLogbooks();
  const recent = (logbooks.data ?? []).slice(0, SHOWN);
  // A failed list is no reason to stand in front of the home page.
  if (logbooks.isError) return null;
  return (
    <section aria-labelledby="home-recent-logbooks">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="xl" id="home-recent-logbooks">
          Your recent logbooks
        </Title>
        <Anchor component={Link} to={paths.logbooks.list.href()} size="sm">
          All logbooks
        </Anchor>
      </Group>
      {logbooks.isPending ? (
        <PageLoader label="Loading logbooks" />
      ) : recent.length === 0 ? (
        <Text c="dimmed">No logbooks yet: New Logbook at the top of the page starts one.</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {recent.map((logbook) => (
            <li key={logbook.logid}>
              <Card
                withBorder
                padding="sm"
                h="100%"
                component={Link}
                to={paths.logbooks.detail.href(logbook.logid)}
                className={classes.card}
              >
                <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {logbook.title}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {logbook.entry_count} {logbook.entry_count === 1 ? 'entry' : 'entries'} · modified{' '}
                  <time dateTime={logbook.modified}>{formatDate(logbook.modified)}</time>
                </Text>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
