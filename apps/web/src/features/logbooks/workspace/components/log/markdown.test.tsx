import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../../testing/render';
import { Markdown } from './markdown';
import { drawDiagram, loadMath } from './render-loaders';

// The loaders stay real for math (KaTeX runs in jsdom) and are watched; Mermaid needs a real
// layout engine, so drawing a diagram is answered here.
vi.mock('./render-loaders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./render-loaders')>();
  return {
    ...actual,
    loadMath: vi.fn(actual.loadMath),
    drawDiagram: vi.fn(),
    drawnDiagram: vi.fn(() => undefined),
  };
});

afterEach(() => {
  vi.mocked(loadMath).mockClear();
  vi.mocked(drawDiagram).mockReset();
});

/** Renders an answer, waiting (in act) for the math renderer when the answer suspends for it. */
async function renderAnswer(text: string) {
  let view: ReturnType<typeof renderInApp> | undefined;
  await act(async () => {
    view = renderInApp(
      <Suspense fallback={<p>plain text</p>}>
        <Markdown text={text} />
      </Suspense>,
    );
  });
  return view as ReturnType<typeof renderInApp>;
}

const MERMAID = ['Here:', '', '```mermaid', 'graph TD', '  A[Start] --> B[End]', '```'].join('\n');

describe('Markdown with math', () => {
  it('draws inline and display formulas in all four delimiters with KaTeX', async () => {
    const { container } = await renderAnswer(
      ['Inline $a^2$ and \\(b_1\\).', '', '$$', '\\frac{1}{2}', '$$', '', '\\[', 'c = \\sqrt{d}', '\\]'].join(
        '\n',
      ),
    );
    await waitFor(() => expect(container.querySelectorAll('.katex').length).toBe(4));
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(container.textContent).not.toContain('$');
    expect(container.textContent).not.toContain('\\(');
    expect(loadMath).toHaveBeenCalled();
  });

  it('shows bad TeX as its source in the error colour instead of failing', async () => {
    const { container } = await renderAnswer('Broken: $\\frac{1}{$ and fine: $x$.');
    await waitFor(() => expect(container.querySelector('.katex-error')).not.toBeNull());
    expect(container.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
  });

  it('keeps prices and code as text, and loads no math renderer for them', async () => {
    const { container } = await renderAnswer('Tea is $5 and cake $10. Write `$x$` or `\\(y\\)` in TeX.');
    await screen.findByText('$x$');
    expect(screen.getByText('\\(y\\)').tagName).toBe('CODE');
    expect(container.textContent).toContain('Tea is $5 and cake $10.');
    expect(container.querySelector('.katex')).toBeNull();
    expect(loadMath).not.toHaveBeenCalled();
  });

  it('keeps prices as text beside a formula', async () => {
    const { container } = await renderAnswer('From $5 to $10, or $x^2$ dollars.');
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(1));
    expect(container.textContent).toContain('From $5 to $10, or');
  });
});

describe('Markdown with mermaid', () => {
  it('draws a mermaid block as a diagram, its source a click away and copyable', async () => {
    vi.mocked(drawDiagram).mockResolvedValue({
      svg: '<svg data-diagram="yes"><text>Start</text></svg>',
      width: 200,
    });
    const { container } = await renderAnswer(MERMAID);
    // The code as written, until the diagram is drawn.
    expect(container.querySelector('pre code')?.textContent).toContain('A[Start] --> B[End]');
    const figure = await screen.findByRole('figure', { name: 'Diagram' });
    expect(figure.querySelector('svg[data-diagram="yes"]')).not.toBeNull();
    expect(drawDiagram).toHaveBeenCalledWith('graph TD\n  A[Start] --> B[End]', 'light');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show source' }));
    expect(container.querySelector('pre code')?.textContent).toBe('graph TD\n  A[Start] --> B[End]');
    expect(screen.queryByRole('figure')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show diagram' }));
    await screen.findByRole('figure', { name: 'Diagram' });
  });

  it('keeps the code block and says why when a diagram does not parse', async () => {
    vi.mocked(drawDiagram).mockResolvedValue({
      error: 'Parse error on line 2: unexpected end of the diagram',
    });
    const { container } = await renderAnswer(MERMAID);
    await screen.findByText('Diagram not drawn: Parse error on line 2: unexpected end of the diagram');
    expect(container.querySelector('pre code')?.textContent).toContain('A[Start] --> B[End]');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('draws nothing for other code blocks, nor for mermaid inside a code span', async () => {
    await renderAnswer('```ts\nconst graph = 1;\n```\n\nA fence: `` ```mermaid ``');
    await screen.findByText('```mermaid');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(drawDiagram).not.toHaveBeenCalled();
  });
});
