import { Anchor, Typography } from '@mantine/core';
import { type ComponentProps, memo, use, useMemo } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyTextButton } from './copy-text-button';
import classes from './markdown.module.css';
import { prepareMath } from './math-text';
import { MermaidDiagram } from './mermaid-diagram';
import { loadMath, type MathPlugins } from './render-loaders';

interface HastLike {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastLike[];
}

/** The text of a code block as written, whatever spans the highlighter wrapped it in. */
function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** The language a fenced code block names (```ts), from its code element's `language-…` class. */
function languageOf(pre: HastLike | undefined): string | undefined {
  const code = pre?.children?.find((child) => child.tagName === 'code');
  const names = code?.properties?.className;
  if (!Array.isArray(names)) return undefined;
  const language = names.find(
    (name): name is string => typeof name === 'string' && name.startsWith('language-'),
  );
  return language?.slice('language-'.length);
}

function CodeBlock({ node, children, ...props }: ComponentProps<'pre'> & { node?: HastLike }) {
  const code = textOf(node).replace(/\n$/, '');
  const block = (
    <div className={classes.codeBlock}>
      <pre {...props}>{children}</pre>
      <div className={classes.copy}>
        <CopyTextButton text={code} label="Copy code" />
      </div>
    </div>
  );
  // Only a block that says it is mermaid loads the diagram renderer.
  return languageOf(node) === 'mermaid' ? <MermaidDiagram source={code} codeBlock={block} /> : block;
}

// Answers come from a model, so a link could point anywhere: it opens in a new tab that cannot
// reach back into this page, and javascript: URLs are already dropped by react-markdown.
function SafeLink({ node: _node, href, children }: ComponentProps<'a'> & { node?: unknown }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

// Images would be fetched from wherever the model pointed; they are offered as links instead.
function ImageLink({ node: _node, src, alt }: ComponentProps<'img'> & { node?: unknown }) {
  if (typeof src !== 'string' || src === '') return <span>{alt}</span>;
  return (
    <Anchor href={src} target="_blank" rel="noopener noreferrer">
      {alt || src}
    </Anchor>
  );
}

const components: Components = { pre: CodeBlock, a: SafeLink, img: ImageLink };

type Plugins = NonNullable<Options['remarkPlugins']>;

// Only fenced blocks that name their language are highlighted: guessing costs time on every row.
// The highlighter (its languages registered) is made once: react-markdown sets its plugins up again
// for every answer it draws, and registering the languages each time cost more than the drawing.
const highlight = rehypeHighlight();
const highlighter = () => highlight;
const plain: { remark: Plugins; rehype: Plugins } = { remark: [remarkGfm], rehype: [highlighter] };
let withMath: typeof plain | undefined;

/** The plugins for an answer: with math ones once they are loaded and the answer holds math. */
function pluginsFor(math: MathPlugins | null): typeof plain {
  if (!math) return plain;
  // KaTeX runs before the highlighter, which would otherwise take ```math blocks for code.
  withMath ??= { remark: [remarkGfm, ...math.remark], rehype: [...math.rehype, highlighter] };
  return withMath;
}

/**
 * A gen entry as Markdown (GitHub flavour) with LaTeX formulas and mermaid diagrams. Raw HTML in it
 * is shown as text, never rendered. An answer with math waits (suspends) for the math renderer the
 * first time, showing its plain text meanwhile.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const prepared = useMemo(() => prepareMath(text), [text]);
  const plugins = pluginsFor(prepared.hasMath ? use(loadMath()) : null);
  return (
    <Typography className={classes.markdown}>
      <ReactMarkdown components={components} remarkPlugins={plugins.remark} rehypePlugins={plugins.rehype}>
        {prepared.text}
      </ReactMarkdown>
    </Typography>
  );
});
