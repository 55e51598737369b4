import type { NewApiKey } from '@caravanserai/api';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** The new key, shown this once, with a copy button; dismissed with Done. */
export function NewApiKeyNotice({ made, onDone }: { made: NewApiKey; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" role="status" title={`Your new key “${made.name}”`}>
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only this once. Keep it as you would a password.</Text>
        <Code block aria-label="New API key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {made.key}
        </Code>
        <Group gap="sm">
          <CopyButton value={made.key} timeout={2000}>
            {({ copied, copy }) => (
              <Button color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
