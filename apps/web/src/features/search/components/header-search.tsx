import { ActionIcon, Box, Kbd, TextInput, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/search-icon';
import { paths } from '../../../config/paths';
import classes from './search.module.css';

/** Focuses the search: `/`, as on many sites; Ctrl/⌘+K belongs to the logbook switcher. */
export const SEARCH_HOTKEY = '/';

/**
 * The header's search for signed-in users: a compact box on the widest screens, a button to the
 * search page on the others. `/` (outside text boxes) puts the caret in the box, or opens the page.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  useHotkeys([
    [
      SEARCH_HOTKEY,
      () => {
        const box = input.current;
        // Hidden below its breakpoint (display: none), the box has no layout box.
        if (box && box.getClientRects().length > 0) box.focus();
        else navigate(paths.search.href());
      },
    ],
  ]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(paths.search.href({ q }));
    setText('');
    input.current?.blur();
  };

  return (
    <>
      <Box component="search" aria-label="Search logbooks" className={classes.headerBox}>
        <form onSubmit={submit}>
          <TextInput
            ref={input}
            type="search"
            size="sm"
            w={200}
            aria-label="Search your logbooks"
            placeholder="Search logbooks"
            leftSection={<SearchIcon />}
            rightSection={
              text ? null : (
                <Kbd size="xs" className={classes.kbd} aria-hidden="true">
                  /
                </Kbd>
              )
            }
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </form>
      </Box>
      <Tooltip label="Search logbooks (/)">
        <ActionIcon
          component={Link}
          to={paths.search.href()}
          variant="default"
          size="lg"
          aria-label="Search logbooks"
          className={classes.headerButton}
        >
          <SearchIcon />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
