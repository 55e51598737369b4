import { type ListingCard as Card, LICENCE_NAMES } from '@caravanserai/api';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../lib/dates';
import { Counts } from './counts';
import { TopicLinks } from './topic-links';

/**
 * One listing in the gallery: its title (the link to its page), author, summary and topics (each a
 * link to the gallery of that topic), then licence, version and its fork and star counts.
 */
export function ListingCard({ listing, topicHref }: { listing: Card; topicHref: (topic: string) => string }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={listing.title} h="100%">
      <Stack gap={8} h="100%">
        <Stack gap={2}>
          <Title order={3} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.bazaar.listing.href(listing.slug)} inherit>
              {listing.title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            by{' '}
            <Anchor component={Link} to={paths.profile.href(listing.author.username)} inherit>
              {listing.author.username}
            </Anchor>{' '}
            · {formatDay(listing.updated)}
          </Text>
        </Stack>
        {listing.summary && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {listing.summary}
          </Text>
        )}
        <TopicLinks topics={listing.topics} href={topicHref} />
        <Group gap="xs" mt="auto" wrap="wrap" style={{ rowGap: 4 }}>
          {listing.caravan && (
            <Badge variant="light" color="indigo" size="sm" tt="none">
              {listing.caravan.name} only
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {LICENCE_NAMES[listing.licence]} · v{listing.version}
          </Text>
          <Group ml="auto">
            <Counts forks={listing.forks} stars={listing.stars} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
