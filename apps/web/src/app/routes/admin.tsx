import { Alert, Loader, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { USERS_PER_PAGE, useUsers } from '../../features/admin/api/get-users';
import { InviteLinkForm } from '../../features/admin/components/invite-link-form';
import { UserList } from '../../features/admin/components/user-list';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { ReportList } from '../../features/bazaar/components/report-list';
import { usePublicConfig } from '../../lib/use-public-config';

const REGISTRATION = {
  open: 'Anyone may create an account here.',
  invite: 'Accounts are created with an invite link only.',
  closed: 'Nobody may create an account here.',
} as const;

/**
 * /admin/: for the server's administrators, its users (search, disable, enable), invite links and
 * the reports on Bazaar listings.
 */
export function Component() {
  const { user, isLoading } = useCurrentUser();
  const config = usePublicConfig();

  return (
    <Page title="Administration" heading="Administration" size="md">
      {isLoading ? (
        <PageLoader label="Loading" />
      ) : !user?.is_admin ? (
        <Alert color="red" variant="light" role="alert" title="This page is for the server's administrators">
          Administrators are the users named in the server's ADMIN_USERNAMES setting.
        </Alert>
      ) : (
        <Stack gap="xl">
          <Stack gap="xs" component="section" aria-labelledby="invites-heading">
            <Title order={2} size="h3" id="invites-heading">
              Invite links
            </Title>
            {config && (
              <Text size="sm" c="dimmed">
                {REGISTRATION[config.registration]} An invite link lets one person create an account whatever
                the setting says, unless registration is closed.
              </Text>
            )}
            <InviteLinkForm />
          </Stack>
          <Users me={user.username} />
          <ReportList />
        </Stack>
      )}
    </Page>
  );
}

function Users({ me }: { me: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(q, page);
  const pages = Math.max(1, Math.ceil((users.data?.count ?? 0) / USERS_PER_PAGE));

  return (
    <Stack gap="xs" component="section" aria-labelledby="users-heading">
      <Title order={2} size="h3" id="users-heading">
        Users
      </Title>
      <TextInput
        label="Search users"
        placeholder="Part of a username or e-mail address"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        rightSection={users.isFetching ? <Loader size="xs" /> : null}
        maxLength={254}
      />
      {users.isPending ? (
        <PageLoader label="Loading users" />
      ) : users.isError ? (
        <Alert color="red" variant="light" role="alert" title="The users could not be read.">
          Please try again.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {users.data.count === 1 ? '1 user' : `${users.data.count} users`}
            {q ? ` matching “${q}”` : ''}
          </Text>
          {users.data.results.length > 0 && <UserList users={users.data.results} me={me} />}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
