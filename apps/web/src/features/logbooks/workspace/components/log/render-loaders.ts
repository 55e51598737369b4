import type { mathPlugins } from './math-plugins';
import type { DiagramResult, DiagramTheme } from './mermaid-render';

export type { DiagramResult, DiagramTheme };
export type MathPlugins = typeof mathPlugins;

// KaTeX and Mermaid are large, and most answers need neither: each is a chunk of its own, fetched
// the first time an answer holds math or a diagram, never with the page.

let math: Promise<MathPlugins | null> | undefined;

/**
 * The math plugins, loaded once. The same promise every time, so a component can `use()` it. A
 * chunk that fails to load gives null for the rest of the visit: formulas stay as their source.
 */
export function loadMath(): Promise<MathPlugins | null> {
  math ??= import('./math-plugins').then(
    (module) => module.mathPlugins,
    () => null,
  );
  return math;
}

/** Diagrams drawn so far, by theme and source: a row scrolled back into view shows at once. */
const drawnDiagrams = new Map<string, DiagramResult>();
const KEEP_DIAGRAMS = 64;

const diagramKey = (source: string, theme: DiagramTheme) => `${theme}\n${source}`;

export function drawnDiagram(source: string, theme: DiagramTheme): DiagramResult | undefined {
  return drawnDiagrams.get(diagramKey(source, theme));
}

let mermaid: Promise<typeof import('./mermaid-render')> | undefined;

/** Draws a mermaid diagram, loading Mermaid the first time. Never rejects. */
export async function drawDiagram(source: string, theme: DiagramTheme): Promise<DiagramResult> {
  const key = diagramKey(source, theme);
  const known = drawnDiagrams.get(key);
  if (known) return known;
  mermaid ??= import('./mermaid-render');
  let result: DiagramResult;
  try {
    result = await (await mermaid).renderDiagram(source, theme);
  } catch {
    // A failed fetch is tried again with the next diagram.
    mermaid = undefined;
    return { error: 'the diagram renderer could not be loaded' };
  }
  if (drawnDiagrams.size >= KEEP_DIAGRAMS) {
    const oldest = drawnDiagrams.keys().next().value;
    if (oldest !== undefined) drawnDiagrams.delete(oldest);
  }
  drawnDiagrams.set(key, result);
  return result;
}
