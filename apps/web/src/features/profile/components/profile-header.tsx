import type { PublicProfile } from '@caravanserai/api';
import { Badge, Group, Stack, Title, VisuallyHidden } from '@mantine/core';

const ROLE_COLORS: Record<string, string> = { Pilgrim: 'teal', Merchant: 'blue', Sultan: 'grape' };

/** u/{username} with the role and location badges. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const location = profile.location.trim();
  return (
    <Stack gap="sm">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        u/{profile.username}
      </Title>
      <Group gap="xs">
        {/* Screen readers hear "Role Pilgrim"; the badge itself keeps only the value. */}
        <VisuallyHidden>Role</VisuallyHidden>
        <Badge size="lg" tt="none" variant="light" color={ROLE_COLORS[profile.role] ?? 'gray'}>
          {profile.role}
        </Badge>
        <VisuallyHidden>Location</VisuallyHidden>
        {location ? (
          <Badge size="lg" tt="none" variant="outline" color="gray">
            {location}
          </Badge>
        ) : (
          <Badge size="lg" tt="none" variant="default" c="dimmed">
            No location
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
