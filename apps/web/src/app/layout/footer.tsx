import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Footer() {
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      gap="xs"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} Caravanserai
      </Text>
      <Text size="sm" c="dimmed">
        Samarkand · on the Silk Road ·{' '}
        <Anchor component={Link} to={paths.about.href()} size="sm">
          About
        </Anchor>
      </Text>
    </Group>
  );
}
