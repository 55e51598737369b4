import { Anchor, Box, Group, Kbd, Loader, NavLink, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { shortcutLabel } from '../../../lib/shortcut-label';
import { logbooksQueryOptions, useLogbooks } from '../api/get-logbooks';
import { filterByTitle } from './filter-by-title';
import { NEW_LOGBOOK_HOTKEY, SWITCHER_HOTKEY } from './hotkeys';

/** Enough to find today's work; the rest is one filter or the full list away. */
const SHOWN = 50;

/**
 * The side panel's list: the user's logbooks, most recently modified first, with a filter and the
 * open one marked as the current page. It fills the height it is given and scrolls on its own.
 */
export function RecentLogbooks({
  currentLogid,
  onNavigate,
}: {
  currentLogid: string | null;
  onNavigate?: () => void;
}) {
  const logbooks = useLogbooks();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [filter, setFilter] = useState('');
  // Typing stays quick with thousands of logbooks: the list catches up a frame later.
  const shownFilter = useDeferredValue(filter);
  const matches = filterByTitle(logbooks.data ?? [], shownFilter);

  useEffect(() => {
    // The panel stays mounted, so its list would keep the order it loaded with. Opening another
    // logbook asks again (when the list is older than its stale time): the one just written in
    // moves to the top.
    if (currentLogid !== null) void queryClient.prefetchQuery(logbooksQueryOptions());
  }, [currentLogid, queryClient]);

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Text component="h2" fw={700} size="sm" mb={6} id={headingId}>
        Recent logbooks
      </Text>
      <TextInput
        type="search"
        size="xs"
        placeholder="Filter logbooks"
        aria-label="Filter logbooks"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        mb="xs"
      />
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} mx={-4} px={4}>
        {logbooks.isPending ? (
          <Loader size="sm" aria-label="Loading logbooks" m="xs" />
        ) : logbooks.isError ? (
          <Text size="sm" c="dimmed">
            Your logbooks could not be loaded.
          </Text>
        ) : matches.length === 0 ? (
          <Text size="sm" c="dimmed">
            {shownFilter.trim() ? 'No logbook title matches.' : 'No logbooks yet.'}
          </Text>
        ) : (
          <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
            {matches.slice(0, SHOWN).map((logbook) => {
              const current = logbook.logid === currentLogid;
              return (
                <li key={logbook.logid}>
                  <NavLink
                    component={Link}
                    to={paths.logbooks.detail.href(logbook.logid)}
                    label={logbook.title}
                    title={logbook.title}
                    active={current}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    py={6}
                    styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
                  />
                </li>
              );
            })}
          </Box>
        )}
      </Box>
      <Group
        justify="space-between"
        gap="xs"
        pt="xs"
        mt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap="md">
          <Anchor component={Link} to={paths.logbooks.list.href()} size="sm" onClick={onNavigate}>
            All logbooks
          </Anchor>
          {/* Between the large and the widest screens the header has no room for search: it is here. */}
          <Anchor component={Link} to={paths.search.href()} size="sm" onClick={onNavigate}>
            Search
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" visibleFrom="lg">
          <Kbd size="xs">{shortcutLabel(SWITCHER_HOTKEY)}</Kbd> switch ·{' '}
          <Kbd size="xs">{shortcutLabel(NEW_LOGBOOK_HOTKEY)}</Kbd> new
        </Text>
      </Group>
    </Box>
  );
}
