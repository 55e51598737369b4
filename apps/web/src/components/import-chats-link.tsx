import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The way to the import page, on the Logbooks and Journals homes. */
export function ImportChatsLink() {
  return (
    <Group gap="sm" wrap="wrap">
      <Text c="dimmed" size="sm">
        Have chats in ChatGPT, Claude, Open WebUI or LibreChat?
      </Text>
      <Button component={Link} to={paths.journals.import.href()} variant="light" size="sm">
        Import chats
      </Button>
    </Group>
  );
}
