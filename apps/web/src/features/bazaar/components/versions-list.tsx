import type { Listing } from '@caravanserai/api';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../lib/dates';

/** Every version of the listing, newest first, each a link to its page; the one shown is marked. */
export function VersionsList({ listing }: { listing: Listing }) {
  const versions = [...listing.versions].sort((a, b) => b.version - a.version);
  return (
    <nav aria-label="Versions">
      <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
        <Text size="sm" fw={600}>
          Versions:
        </Text>
        {versions.map((version) => {
          const shown = version.version === listing.shown.version;
          const label = `v${version.version}`;
          const when = `${formatDay(version.published)}, ${version.entry_count} entries`;
          return shown ? (
            <Text key={version.version} size="sm" fw={700} aria-current="page" title={when}>
              {label} (shown)
            </Text>
          ) : (
            <Anchor
              key={version.version}
              component={Link}
              // The newest version's address is the listing's own.
              to={
                version.version === listing.version
                  ? paths.bazaar.listing.href(listing.slug)
                  : paths.bazaar.version.href(listing.slug, version.version)
              }
              size="sm"
              title={when}
            >
              {label}
            </Anchor>
          );
        })}
      </Group>
    </nav>
  );
}
