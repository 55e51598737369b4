import type { Published } from '@caravanserai/api';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** What a publish made: the listing's address, and the way there. */
export function PublishedView({
  title,
  published,
  onClose,
}: {
  title: string;
  published: Published;
  onClose: () => void;
}) {
  // The version just published is the newest: the listing's own address shows it.
  const href = paths.bazaar.listing.href(published.slug);
  return (
    <Stack gap="md" role="status">
      <Text>
        “{title}” is in the Bazaar as version {published.version}:{' '}
        <Anchor component={Link} to={href} onClick={onClose}>
          {`${window.location.origin}${href}`}
        </Anchor>
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button component={Link} to={href} onClick={onClose}>
          Open the listing
        </Button>
      </Group>
    </Stack>
  );
}
