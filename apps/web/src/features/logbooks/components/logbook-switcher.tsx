import { Kbd, Modal, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLogbooks } from '../api/get-logbooks';
import { filterByTitle } from './filter-by-title';
import { formatDate } from './format-date';
import classes from './logbook-switcher.module.css';

const SHOWN = 50;

/**
 * The quick switcher: a dialog with a search box that filters the user's logbooks by title and a
 * listbox of the matches, newest first. Arrows move, Enter opens, Escape closes. The box stays
 * focused throughout (the listbox pattern with aria-activedescendant), so typing never stops.
 */
export function LogbookSwitcher({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logbooks = useLogbooks();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const matches = filterByTitle(logbooks.data ?? [], text).slice(0, SHOWN);
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (logid: string) => `${listId}-${logid}`;

  useEffect(() => {
    if (!opened) return;
    setText('');
    setActive(0);
  }, [opened]);

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  });

  const open = (logid: string) => {
    onClose();
    void navigate(paths.logbooks.detail.href(logid));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const last = matches.length - 1;
    const move: Record<string, number> = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
    };
    if (event.key in move && matches.length > 0) {
      event.preventDefault();
      setActive(move[event.key] ?? 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[activeIndex];
      if (chosen) open(chosen.logid);
    }
  };

  const chosen = matches[activeIndex];
  return (
    <Modal opened={opened} onClose={onClose} title="Open a logbook" size="lg" yOffset="12vh">
      <TextInput
        data-autofocus
        placeholder="Type part of a title"
        aria-label="Logbook title"
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={chosen ? optionId(chosen.logid) : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div ref={list} id={listId} role="listbox" aria-label="Logbooks" className={classes.list}>
        {matches.map((logbook, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options from the search box (aria-activedescendant)
          <div
            key={logbook.logid}
            id={optionId(logbook.logid)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={classes.option}
            onMouseMove={() => setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => open(logbook.logid)}
          >
            <span className={classes.title}>{logbook.title}</span>
            <Text span size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDate(logbook.modified)}
            </Text>
          </div>
        ))}
      </div>
      <Text size="sm" c="dimmed" role="status">
        {matches.length > 0
          ? ''
          : logbooks.isPending
            ? 'Loading your logbooks…'
            : text.trim()
              ? 'No logbook title matches.'
              : 'No logbooks yet.'}
      </Text>
      <Text size="xs" c="dimmed" mt="xs" visibleFrom="sm">
        <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move · <Kbd size="xs">Enter</Kbd> open ·{' '}
        <Kbd size="xs">Esc</Kbd> close
      </Text>
    </Modal>
  );
}
