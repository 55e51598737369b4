import type { NewApiKey } from '@caravanserai/api';
import { Alert, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeyNotice } from './new-api-key';

/**
 * Personal API keys on the profile page (DESIGN 11): for scripts, the Mapper CLI and any
 * OpenAI-compatible tool through the gateway. Listed with their last use, made (the key shown
 * once, with a copy button) and revoked.
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [made, setMade] = useState<NewApiKey | null>(null);
  const gateway = `${window.location.origin}/v1`;

  return (
    <Stack gap="sm" component="section" aria-labelledby="api-keys-heading">
      <Title order={2} fz="lg" id="api-keys-heading">
        API keys
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        For scripts, the Mapper on your computer (<Code>mapper login --key</Code>) and tools that speak
        OpenAI&apos;s API: give them <Code>{gateway}</Code> as the base URL and a key as the API key, and name
        a well or its model as the model.
      </Text>
      {made ? (
        <NewApiKeyNotice made={made} onDone={() => setMade(null)} />
      ) : (
        <CreateApiKeyForm onCreated={setMade} />
      )}
      {keys.isPending && <Loader size="sm" aria-label="Loading API keys" />}
      {keys.isError && (
        <Alert color="red" variant="light" role="alert" title="Your API keys could not be loaded.">
          Please reload the page.
        </Alert>
      )}
      {keys.data && <ApiKeyList keys={keys.data} />}
    </Stack>
  );
}
