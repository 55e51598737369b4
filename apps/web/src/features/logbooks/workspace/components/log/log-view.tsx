import { Button, Center, Divider, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { EntryActions } from '../../model/entry-actions';
import type { LogRow } from '../../model/overlay';
import { AskingContext } from './asking';
import { EntryRow } from './entry-row';
import classes from './log-view.module.css';
import { estimatedEnd, estimateHeight, ROW_GAP } from './row-estimates';

export interface LogViewHandle {
  head(): void;
  tail(): void;
  /** Keeps the newest entry in view as rows arrive, until the reader scrolls away from the end. */
  follow(): void;
}

// Within this distance of the page's end the reader counts as "at the end" and is kept there.
const NEAR_END_PX = 240;
// How long an entry opened by a link stays highlighted.
const HIGHLIGHT_MS = 2600;
// Rows above the target are measured as they come into view: scroll once more once they have been.
const SETTLE_MS = 250;
// Scrolling up to within this distance of the log's top reads the page of turns before it.
const NEAR_TOP_PX = 1600;

/** The turns before those the log holds: whether there are any, and how to read them. */
export interface OlderTurns {
  more: boolean;
  /** How many entries of the conversation come before the rows. */
  before: number;
  loading: boolean;
  load: () => void;
  /** Reads every turn up to the first. */
  loadToStart: () => Promise<void>;
}

function nearEnd(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_END_PX;
}

/**
 * The log between START and END. Only the rows in and near the viewport are in the page (the
 * window is the scroller), so a logbook of tens of thousands of entries opens and scrolls at once.
 */
export function LogView({
  rows,
  older,
  editable,
  actions,
  editingKey,
  asking,
  startAtEnd,
  openAt = null,
  ref,
  paddingStart,
  paddingEnd,
  footer = null,
}: {
  rows: readonly LogRow[];
  /** The log holds the newest turns: older ones are read as the reader scrolls up to them. */
  older: OlderTurns;
  editable: boolean;
  actions: EntryActions;
  /** The row whose inline editor is open. */
  editingKey: string | null;
  asking: boolean;
  /** Open at the newest entry, where a conversation goes on (for those who write in it). */
  startAtEnd: boolean;
  /** Open at this stored entry instead (its index in the log), scrolled into view and highlighted. */
  openAt?: number | null;
  ref: Ref<LogViewHandle>;
  paddingStart: number;
  paddingEnd: number;
  /** Drawn after the rows (a compare's answers side by side), followed like them. */
  footer?: ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const following = useRef(false);
  const opened = useRef(false);
  // Head was pressed while the first turns were being read: go there once they are.
  const headWanted = useRef(false);
  const olderTurns = useRef(older);
  olderTurns.current = older;

  // The list's distance from the top of the page moves when anything above it changes size, which
  // changes the page's size: measured then, once the browser has laid the page out (reading it in
  // every render would make the browser lay the page out again in the middle of each change).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((margin) => (Math.abs(top - margin) > 0.5 ? top : margin));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => estimateHeight(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    gap: ROW_GAP,
    scrollMargin,
    scrollPaddingStart: paddingStart,
    scrollPaddingEnd: paddingEnd,
    // Opening at the end, the first rows drawn are the newest (by their estimated heights), not
    // the first ones, drawn only to be replaced once the page has scrolled down.
    initialOffset: () => (startAtEnd && openAt === null ? estimatedEnd(rows) : 0),
  });

  const last = rows.length - 1;
  const hasFooter = useRef(false);
  hasFooter.current = footer !== null;
  const tail = useCallback(() => {
    if (hasFooter.current) window.scrollTo({ top: document.documentElement.scrollHeight });
    else if (last >= 0) virtualizer.scrollToIndex(last, { align: 'end' });
    else window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [virtualizer, last]);

  useImperativeHandle(
    ref,
    () => ({
      head: () => {
        following.current = false;
        const toTop = () => {
          if (last >= 0) virtualizer.scrollToIndex(0, { align: 'start' });
          else window.scrollTo({ top: 0 });
        };
        toTop();
        // The first turns may not be read yet: read them, staying at the top as they come.
        if (!olderTurns.current.more) return;
        headWanted.current = true;
        void olderTurns.current.loadToStart().finally(() => {
          headWanted.current = false;
          toTop();
        });
      },
      tail: () => {
        following.current = true;
        tail();
      },
      follow: () => {
        following.current = true;
      },
    }),
    [virtualizer, last, tail],
  );

  // The entry a link points at, once per target: centred, then again once the rows above it are measured.
  const [highlightKey, setHighlightKey] = useState<string | null>(null);
  const shownTarget = useRef<number | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    if (openAt === null || shownTarget.current === openAt) return;
    // A thought is drawn in its answer's row.
    const position = rows.findIndex((row) => row.index === openAt || row.thought?.index === openAt);
    const row = rows[position];
    if (!row) return;
    shownTarget.current = openAt;
    opened.current = true;
    following.current = false;
    const show = () => virtualizer.scrollToIndex(position, { align: 'center' });
    show();
    setHighlightKey(row.key);
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [setTimeout(show, SETTLE_MS), setTimeout(() => setHighlightKey(null), HIGHLIGHT_MS)];
  }, [openAt, rows, virtualizer]);
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  // Once, when the page opens (or as soon as it is known to be the reader's own).
  useEffect(() => {
    if (!startAtEnd || opened.current || openAt !== null) return;
    opened.current = true;
    following.current = true;
    tail();
  }, [startAtEnd, openAt, tail]);

  // Reading up towards the log's top reads the turns before it, before the reader gets there.
  const listTop = useRef(scrollMargin);
  listTop.current = scrollMargin;
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      following.current = nearEnd();
      const y = window.scrollY;
      const up = y < lastY;
      lastY = y;
      const { more, loading, load } = olderTurns.current;
      if (up && more && !loading && y < listTop.current + NEAR_TOP_PX) load();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Older turns put before the rows keep the row the reader was at where it was on the screen,
  // unless the reader asked for the first turn (Head) while they were being read.
  const firstKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    const before = firstKey.current;
    firstKey.current = rows[0]?.key ?? null;
    if (headWanted.current) {
      virtualizer.scrollToIndex(0, { align: 'start' });
      return;
    }
    if (before === null || rows[0]?.key === before) return;
    const moved = rows.findIndex((row) => row.key === before);
    if (moved <= 0) return;
    const measured = virtualizer.measurementsCache;
    const shift = (measured[moved]?.start ?? 0) - (measured[0]?.start ?? 0);
    if (shift > 0) window.scrollTo({ top: window.scrollY + shift });
  }, [rows, virtualizer]);

  // New or growing rows (an answer streaming in, rows measured taller than guessed, Markdown
  // drawn) keep a reader who was at the end at the end.
  const totalSize = virtualizer.getTotalSize();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows, size and margin are triggers, not inputs
  useEffect(() => {
    if (following.current) tail();
  }, [rows, totalSize, scrollMargin, tail, footer]);

  const items = virtualizer.getVirtualItems();
  return (
    <section aria-label="Log">
      {/* START marks the log's first entry: until it is read, the way to the entries before. */}
      {older.more ? (
        <Center mb="sm">
          <Button variant="subtle" size="xs" loading={older.loading} onClick={older.load}>
            Show earlier entries
          </Button>
        </Center>
      ) : (
        <Divider label="START" labelPosition="center" mb="sm" />
      )}
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          This Logbook has no entries yet.
        </Text>
      )}
      <AskingContext value={asking}>
        <ol
          ref={listRef}
          style={{
            position: 'relative',
            height: totalSize,
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={row.key === highlightKey ? classes.highlight : undefined}
                aria-setsize={older.before + rows.length}
                aria-posinset={older.before + item.index + 1}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start - scrollMargin}px)`,
                }}
              >
                <EntryRow row={row} editable={editable} actions={actions} editing={row.key === editingKey} />
              </li>
            );
          })}
        </ol>
        {footer}
      </AskingContext>
      <Divider label="END" labelPosition="center" mt="sm" />
    </section>
  );
}
