import type { Terminal } from '@xterm/xterm';

/** The strip xterm 6 keeps for its scrollbar over the right of the text (its fit addon allows the same). */
const SCROLLBAR_PX = 14;
/** Below this a prompt and a short command no longer share a line. */
export const MIN_COLS = 20;

/**
 * The Mapper's columns: its profile's, or as many as fit when the page is narrower (a phone).
 * Fitting beats scrolling sideways there: on a touch screen a terminal wider than the page hides
 * the end of the line being typed, and output lines would have to be panned to be read.
 */
export function columnsFor(term: Terminal, box: HTMLElement, wanted: number): number {
  const fit = columnsThatFit(term, box);
  return Math.max(MIN_COLS, fit === null ? wanted : Math.min(wanted, fit));
}

/**
 * How many cells fit in the width `box` may take: its parent's, less the box's own padding and
 * the scrollbar. The cell width is read from the rendered screen, which is exactly `cols` cells.
 */
function columnsThatFit(term: Terminal, box: HTMLElement): number | null {
  const frame = box.parentElement;
  const screen = term.element?.querySelector('.xterm-screen');
  if (!frame || !screen || term.cols === 0) return null;
  const cell = screen.getBoundingClientRect().width / term.cols;
  if (!(cell > 0)) return null;
  const available = contentWidth(frame) - horizontalPadding(box) - SCROLLBAR_PX;
  return Math.floor(available / cell);
}

function horizontalPadding(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
}

function contentWidth(element: HTMLElement): number {
  return element.clientWidth - horizontalPadding(element);
}
