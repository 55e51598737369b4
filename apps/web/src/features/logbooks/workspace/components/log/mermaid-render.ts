// The diagram renderer: Mermaid, a chunk of its own, loaded by render-loaders.ts only when an answer
// holds a mermaid code block.
import mermaid from 'mermaid';

export type DiagramTheme = 'light' | 'dark';

/** A drawn diagram's SVG and its natural width in pixels, or a short line saying why it was not drawn. */
export type DiagramResult = { svg: string; width: number } | { error: string };

/**
 * Settings a diagram's own %%{init}%% cannot change: Mermaid's (the security level among them), plus
 * the sanitiser's settings and raw CSS.
 */
const SECURE_KEYS = [
  'secure',
  'securityLevel',
  'startOnLoad',
  'maxTextSize',
  'suppressErrorRendering',
  'maxEdges',
  'dompurifyConfig',
  'themeCSS',
];

let configuredFor: DiagramTheme | null = null;
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

function configure(theme: DiagramTheme): void {
  if (configuredFor === theme) return;
  mermaid.initialize({
    startOnLoad: false,
    // Diagrams come from a model's answer. Strict: labels are sanitised, `click … call` binds
    // nothing and javascript: links are replaced.
    securityLevel: 'strict',
    secure: SECURE_KEYS,
    // Labels lose images as well as styles: an image would be fetched from wherever the diagram
    // points (Markdown answers offer images as links for the same reason).
    dompurifyConfig: { FORBID_TAGS: ['style', 'img', 'image'] },
    theme: theme === 'dark' ? 'dark' : 'default',
    // A diagram that does not parse throws; Mermaid's own error picture is not added to the page.
    suppressErrorRendering: true,
  });
  configuredFor = theme;
}

/** An event-handler attribute inside a tag in a label's markup: `<img src=x onerror=…>`. */
const HANDLER_ATTRIBUTE = /(<[a-z][^>]*?[\s/])(on[a-z]+\s*=)/gi;

/**
 * Renames event-handler attributes before Mermaid reads the source. Its sanitiser drops them
 * anyway, but Chromium reports every one it parses as a Content-Security-Policy violation, even in
 * the sanitiser's inert document: console errors for a diagram that never ran anything.
 */
function withoutHandlers(source: string): string {
  let text = source;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(HANDLER_ATTRIBUTE, '$1data-$2');
  }
  return text;
}

/** Tokens worth a word; Mermaid's flowchart grammar names the end of the text by its number, 1. */
const TOKEN_NAMES: Record<string, string> = {
  EOF: 'end of the diagram',
  '1': 'end of the diagram',
  NEWLINE: 'end of a line',
};

/**
 * One short line from Mermaid's error. A parse error's first line says where, the lines between quote
 * the source, and its last lists every token the grammar expected before saying what it got: only
 * what it got is kept.
 */
function shortMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines[0] ?? 'unknown error';
  const last = lines.length > 1 ? (lines.at(-1) as string) : '';
  const got = /^Expecting .*, got '([^']+)'$/.exec(last)?.[1];
  const detail = got ? `unexpected ${TOKEN_NAMES[got] ?? `'${got}'`}` : last;
  const message = detail && detail !== first ? `${first} ${detail}` : first;
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}

/** The width the diagram was laid out at, from its viewBox. */
function naturalWidth(svg: string): number {
  return Number(/viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/.exec(svg)?.[1] ?? 0);
}

/**
 * Draws `source` as an SVG string. Mermaid's settings are global, so one diagram is set up and drawn
 * at a time: a diagram drawn for the light theme cannot pick up the dark one half-way.
 */
export function renderDiagram(source: string, theme: DiagramTheme): Promise<DiagramResult> {
  const run = queue.then(async (): Promise<DiagramResult> => {
    configure(theme);
    drawn += 1;
    try {
      const { svg } = await mermaid.render(`mermaid-diagram-${drawn}`, withoutHandlers(source));
      return { svg, width: naturalWidth(svg) };
    } catch (error) {
      return { error: shortMessage(error) };
    }
  });
  queue = run;
  return run;
}
