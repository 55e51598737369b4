import { Text } from '@mantine/core';
import { splitSnippet } from '../lib/snippet';
import classes from './search.module.css';

/** A result's snippet with its hits marked; the text is drawn as text, whatever it holds. */
export function SnippetText({ snippet }: { snippet: string }) {
  return (
    <Text size="sm" className={classes.snippet}>
      {splitSnippet(snippet).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={i} className={classes.hit}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
