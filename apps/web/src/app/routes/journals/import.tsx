import { Stack, Text } from '@mantine/core';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { SignInToUse } from '../../../components/sign-in-to-use';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { ImportForm } from '../../../features/imports/components/import-form';
import { ImportFormats } from '../../../features/imports/components/import-formats';
import { useJournals } from '../../../features/journals/api/get-journals';

/** /journals/import/: chats exported from other AI apps (or from here) become Logbooks. */
export function Component() {
  const { user, isLoading } = useCurrentUser();
  const journals = useJournals();
  return (
    <Page
      title="Import chats"
      heading="Import chats"
      breadcrumbs={fromHome(
        { label: 'Journals', href: paths.journals.home.href() },
        { label: 'Import chats' },
      )}
    >
      <Stack gap="lg">
        {!isLoading && !user && <SignInToUse what="imported chats go into your own journals." />}
        <Text>
          Bring the conversations you had elsewhere into Caravanserai: each one becomes a Logbook, following
          the branch you last saw. Importing the same file again only adds what is new.
        </Text>
        <ImportFormats />
        <ImportForm journals={journals.data ?? []} />
      </Stack>
    </Page>
  );
}
