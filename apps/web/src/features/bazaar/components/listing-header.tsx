import { LICENCE_NAMES, type Listing } from '@caravanserai/api';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../lib/dates';
import { Counts } from './counts';
import { TopicLinks } from './topic-links';

/**
 * What a listing is: its title, author, licence and date, whom it is for, where it was forked from,
 * its summary, topics, and its fork and star counts.
 */
export function ListingHeader({ listing }: { listing: Listing }) {
  const { parent } = listing;
  return (
    <Stack gap={8}>
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
        {listing.title}
      </Title>
      <Text size="sm" c="dimmed">
        by{' '}
        <Anchor component={Link} to={paths.profile.href(listing.author.username)} inherit>
          {listing.author.username}
        </Anchor>{' '}
        · version {listing.shown.version} of {listing.version} · {formatDay(listing.shown.published)}
      </Text>
      <Group gap="sm" wrap="wrap" style={{ rowGap: 4 }}>
        <Text size="sm">
          <Text span inherit c="dimmed">
            Licence:
          </Text>{' '}
          {LICENCE_NAMES[listing.licence]}
        </Text>
        {listing.caravan && (
          <Badge variant="light" color="indigo" tt="none">
            {listing.caravan.name} only
          </Badge>
        )}
        <Counts forks={listing.forks} stars={listing.stars} size="sm" />
      </Group>
      {parent && (
        <Text size="sm" c="dimmed">
          Forked from{' '}
          <Anchor component={Link} to={paths.bazaar.listing.href(parent.slug)} inherit>
            {parent.title}
          </Anchor>{' '}
          by{' '}
          <Anchor component={Link} to={paths.profile.href(parent.author.username)} inherit>
            {parent.author.username}
          </Anchor>
        </Text>
      )}
      {listing.summary && (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{listing.summary}</Text>
      )}
      <TopicLinks topics={listing.topics} href={(topic) => paths.bazaar.home.href({ topic })} />
    </Stack>
  );
}
