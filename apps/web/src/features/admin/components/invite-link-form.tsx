import type { Invite } from '@caravanserai/api';
import { Alert, Button, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateInvite } from '../api/create-invite';

const LIFETIMES = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Makes an invite link for one registration and shows it to copy. With `caravan` (its leaders'
 * form) whoever registers with the link also joins that caravan.
 */
export function InviteLinkForm({ caravan }: { caravan?: { caravan_id: string; name: string } }) {
  const create = useCreateInvite();
  const [lifetime, setLifetime] = useState('7');
  const [made, setMade] = useState<Invite | null>(null);
  const failure = create.isError ? serverFieldErrors(create.error) : null;

  const submit = () =>
    create.mutate(
      { expires_in_days: Number(lifetime), ...(caravan ? { caravan: caravan.caravan_id } : {}) },
      { onSuccess: setMade },
    );

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Link works for"
          data={LIFETIMES}
          value={lifetime}
          onChange={(value) => setLifetime(value ?? '7')}
          allowDeselect={false}
          w={160}
        />
        <Button onClick={submit} loading={create.isPending}>
          Create invite link
        </Button>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" title="No link was made.">
          {[...Object.values(failure.fields), ...failure.other].join(' ') || 'Please try again.'}
        </Alert>
      )}
      {made && (
        <Alert color="teal" variant="light" role="status" title="Your invite link">
          <Stack gap="xs">
            <Text size="sm">
              Send it to one person: it creates one account
              {made.caravan ? `, who joins “${made.caravan.name}”,` : ''} until{' '}
              {day.format(new Date(made.expires))}. It is shown only this once.
            </Text>
            <Code block aria-label="Invite link" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {made.url}
            </Code>
            <Group gap="sm">
              <CopyButton value={made.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={() => setMade(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
