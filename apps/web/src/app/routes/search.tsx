import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { SignInToUse } from '../../components/sign-in-to-use';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useJournals } from '../../features/journals/api/get-journals';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';
import {
  readSearchParams,
  type SearchParams,
  searchParamsRecord,
} from '../../features/search/lib/search-params';

/** /search/?q=…: every entry of the user's own logbooks that matches, with tag and journal filters. */
export function Component() {
  const [url, setUrl] = useSearchParams();
  const params = readSearchParams(url);
  const { user, isLoading } = useCurrentUser();
  const journals = useJournals();
  const journalTitles = useMemo(
    () => new Map((journals.data ?? []).map((j) => [j.jid, j.title])),
    [journals.data],
  );
  const go = (next: SearchParams) => setUrl(searchParamsRecord(next));

  return (
    <Page title={params.q ? `Search: ${params.q}` : 'Search'} heading="Search">
      <Stack gap="lg">
        {!isLoading && !user && <SignInToUse what="search looks through your own logbooks." />}
        <SearchForm params={params} journals={journals.data ?? []} onSearch={go} />
        <SearchResults
          params={params}
          journalTitles={journalTitles}
          onPage={(page) => {
            go({ ...params, page });
            window.scrollTo({ top: 0 });
          }}
        />
      </Stack>
    </Page>
  );
}
