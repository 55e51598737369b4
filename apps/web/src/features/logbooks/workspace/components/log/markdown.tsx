import { Anchor, Typography } from '@mantine/core';
import { type ComponentProps, memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyTextButton } from './copy-text-button';
import classes from './markdown.module.css';

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

/** The text of a code block as written, whatever spans the highlighter wrapped it in. */
function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function CodeBlock({ node, children, ...props }: ComponentProps<'pre'> & { node?: HastLike }) {
  return (
    <div className={classes.codeBlock}>
      <pre {...props}>{children}</pre>
      <div className={classes.copy}>
        <CopyTextButton text={textOf(node).replace(/\n$/, '')} label="Copy code" />
      </div>
    </div>
  );
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
const remarkPlugins = [remarkGfm];
// Only fenced blocks that name their language are highlighted: guessing costs time on every row.
// The highlighter (its languages registered) is made once: react-markdown sets its plugins up again
// for every answer it draws, and registering the languages each time cost more than the drawing.
const highlight = rehypeHighlight();
const rehypePlugins = [() => highlight];

/** A gen entry as Markdown (GitHub flavour). Raw HTML in it is shown as text, never rendered. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Typography className={classes.markdown}>
      <ReactMarkdown components={components} remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
});
