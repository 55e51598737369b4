import type { SearchResult } from '@caravanserai/api';
import { Alert, Anchor, Badge, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSearch } from '../api/search';
import { PAGE_SIZE, type SearchParams, toSearchQuery } from '../lib/search-params';
import classes from './search.module.css';
import { SnippetText } from './snippet-text';

// The server ranks only the newest 1,000 matches: a count of 1,000 means that many or more.
const RANKED_MAX = 1000;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function ResultItem({ result, journalTitle }: { result: SearchResult; journalTitle?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={paths.logbooks.entry.href(result.logid, result.index)}
            fw={600}
            className={classes.title}
          >
            {result.title || 'Untitled'}
          </Anchor>
          <Badge variant="light" radius="sm" size="sm" style={{ flexShrink: 0 }}>
            {result.tag}
          </Badge>
        </Group>
        <SnippetText snippet={result.snippet} />
        <Text size="xs" c="dimmed">
          <time dateTime={result.created_at}>{formatDate(result.created_at)}</time>
          {journalTitle ? ` · ${journalTitle}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** One page of results for the params, with the count, the pages, and the empty and error states. */
export function SearchResults({
  params,
  journalTitles,
  onPage,
}: {
  params: SearchParams;
  journalTitles: ReadonlyMap<string, string>;
  onPage: (page: number) => void;
}) {
  const search = useSearch(toSearchQuery(params));
  if (params.q.trim() === '') {
    return <Text c="dimmed">Type some words to search every logbook you own.</Text>;
  }
  if (search.isPending) return <Loader size="sm" aria-label="Searching" />;
  if (search.isError) {
    return (
      <Alert color="red" title="The search failed" role="alert">
        {search.error.message}
      </Alert>
    );
  }
  const { count, results } = search.data;
  if (count === 0 || results.length === 0) {
    return (
      <Stack gap={4} role="status">
        <Text fw={600}>No results for “{params.q}”.</Text>
        <Text c="dimmed" size="sm">
          Try fewer or other words, a prefix such as roll*, or clear the filters.
        </Text>
      </Stack>
    );
  }
  const pages = Math.ceil(count / PAGE_SIZE);
  return (
    <Stack gap="sm" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed" role="status">
        {count === 1
          ? '1 result'
          : count >= RANKED_MAX
            ? `${RANKED_MAX.toLocaleString()}+ results`
            : `${count} results`}
      </Text>
      <Stack
        gap="sm"
        component="ol"
        aria-label="Search results"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {results.map((result) => (
          <ResultItem
            key={`${result.logid}:${result.index}`}
            result={result}
            journalTitle={result.jid === null ? undefined : journalTitles.get(result.jid)}
          />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={params.page}
          onChange={onPage}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
          })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          mt="sm"
        />
      )}
    </Stack>
  );
}
