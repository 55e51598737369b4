// The math renderer: a chunk of its own, with KaTeX's stylesheet and fonts, loaded by
// render-loaders.ts only for answers that hold math.
import 'katex/dist/katex.min.css';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

// Bad TeX never throws: rehype-katex renders it again with KaTeX's throwOnError off, which shows
// the source in the error colour (the theme's, readable in light and dark). `strict: 'ignore'`
// keeps KaTeX from warning in the console about LaTeX it accepts anyway (Unicode letters, say).
// trust stays off, so \href, \url and \htmlClass draw as plain text.
const katex = rehypeKatex({ strict: 'ignore', errorColor: 'var(--mantine-color-error)' });

type Plugins = NonNullable<Options['remarkPlugins']>;

/** What Markdown adds to read and draw math: the text has been through prepareMath first. */
export const mathPlugins: { remark: Plugins; rehype: Plugins } = {
  remark: [[remarkMath, { singleDollarTextMath: true }]],
  rehype: [() => katex],
};
