import { List, Text } from '@mantine/core';

const FORMATS: readonly { name: string; how: string }[] = [
  {
    name: 'ChatGPT',
    how: 'Settings → Data controls → Export data; upload the zip from the e-mail, or its conversations.json.',
  },
  { name: 'Claude', how: 'Settings → Privacy → Export data; upload the zip, or its conversations.json.' },
  { name: 'Open WebUI', how: 'Settings → Chats → Export chats; upload the JSON file.' },
  { name: 'LibreChat', how: 'Open a conversation → Export → JSON; upload the file.' },
  {
    name: 'Caravanserai',
    how: 'A logbook exported as XML or JSON, or a backup zip from your profile page.',
  },
];

/** Which exports an import takes, and where each comes from, one short line each. */
export function ImportFormats() {
  return (
    <section aria-labelledby="import-formats-heading">
      <Text fw={600} id="import-formats-heading" mb={4}>
        Accepted exports
      </Text>
      <List spacing={4} size="sm">
        {FORMATS.map((format) => (
          <List.Item key={format.name}>
            <Text span fw={600} size="sm">
              {format.name}:
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              {format.how}
            </Text>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
