import type { Entry } from '@caravanserai/logbook';
import { Text } from '@mantine/core';
import { lazy, memo, Suspense } from 'react';
import { MONOSPACE_TAGS } from './tag-style';

// The Markdown renderer and its highlighter are a chunk of their own, loaded on first use, so the
// log's plain rows draw without waiting for them.
const LazyMarkdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

function PlainText({ entry }: { entry: Entry }) {
  return (
    <Text
      component="div"
      ff={MONOSPACE_TAGS.has(entry.tag) ? 'monospace' : undefined}
      fz={MONOSPACE_TAGS.has(entry.tag) ? 'sm' : undefined}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {entry.content}
    </Text>
  );
}

/** Gen entries (the AI's answers) as Markdown; every other entry as the plain text it is. */
export const EntryContent = memo(function EntryContent({ entry }: { entry: Entry }) {
  if (entry.tag !== 'gen') return <PlainText entry={entry} />;
  return (
    <Suspense fallback={<PlainText entry={entry} />}>
      <LazyMarkdown text={entry.content} />
    </Suspense>
  );
});
