import { Button, Text, useComputedColorScheme } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { CopyTextButton } from './copy-text-button';
import classes from './mermaid-diagram.module.css';
import { type DiagramResult, drawDiagram, drawnDiagram } from './render-loaders';

/**
 * How long a diagram's source must stay the same before it is drawn: while an answer arrives its
 * code block grows with each piece, and every half-written diagram would fail to parse.
 */
const SETTLE_MS = 250;

/**
 * A wide diagram shrinks to fit the column, but not below this share of its size, where its labels
 * would get too small to read on a phone: it scrolls sideways instead.
 */
const MIN_SCALE = 0.7;

interface Drawn {
  source: string;
  result: DiagramResult;
}

/**
 * A mermaid code block drawn as a diagram, in the page's theme and drawn again when it switches.
 * Until Mermaid has loaded (and while the answer is still arriving) the code block shows as it
 * was; a diagram that does not parse keeps it, with a line saying why.
 */
export function MermaidDiagram({ source, codeBlock }: { source: string; codeBlock: ReactNode }) {
  // The scheme as the page has it from the first render (no server render to match), so a dark
  // page never starts drawing its diagrams in the light theme.
  const theme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const [drawn, setDrawn] = useState<Drawn | null>(() => {
    const known = drawnDiagram(source, theme);
    return known ? { source, result: known } : null;
  });
  const [showSource, setShowSource] = useState(false);

  useEffect(() => {
    const known = drawnDiagram(source, theme);
    if (known) {
      setDrawn({ source, result: known });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void drawDiagram(source, theme).then((result) => {
        if (live) setDrawn({ source, result });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [source, theme]);

  // On a theme switch the diagram drawn for the other theme stays until the new one is ready.
  const result = drawn?.source === source ? drawn.result : null;
  if (!result) return codeBlock;
  if ('error' in result) {
    return (
      <div className={classes.failed}>
        {codeBlock}
        <Text size="xs" c="var(--mantine-color-error)">
          Diagram not drawn: {result.error}
        </Text>
      </div>
    );
  }
  return (
    <div className={classes.diagram}>
      <div className={classes.bar}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          aria-pressed={showSource}
          onClick={() => setShowSource((shown) => !shown)}
        >
          {showSource ? 'Show diagram' : 'Show source'}
        </Button>
        <CopyTextButton text={source} label="Copy code" />
      </div>
      {showSource ? (
        <pre className={classes.source}>
          <code>{source}</code>
        </pre>
      ) : (
        // Mermaid's SVG, sanitised by Mermaid itself (strict security level, DOMPurify).
        <figure
          aria-label="Diagram"
          className={classes.figure}
          style={{ '--diagram-min-width': `${Math.round(result.width * MIN_SCALE)}px` } as CSSProperties}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Mermaid's sanitised SVG output
          dangerouslySetInnerHTML={{ __html: result.svg }}
        />
      )}
    </div>
  );
}
