import type { Entry } from '@caravanserai/logbook';

/** Why an answer ended before its end (DESIGN 12), in the words its Continue button is hinted with. */
export type EarlyEnd = 'stopped' | 'cut' | 'length';

/** How a stored answer ended early, or null when it ended as the model meant it to. */
export function earlyEnd({ tag, attrs }: Entry): EarlyEnd | null {
  if (tag !== 'gen') return null;
  if (attrs.truncated === 'true') return 'cut';
  if (attrs.finish === 'length') return 'length';
  if (attrs.stopped === 'true') return 'stopped';
  return null;
}

export const EARLY_END_HINTS: Record<EarlyEnd, string> = {
  stopped: 'Stopped',
  cut: "Cut at this server's limit",
  length: 'Cut at the length limit',
};

// The server's mark on an answer it cut at its cap; a continuation takes its place.
const CUT_MARK = /\n\n\[Answer cut here: it passed this server's limit of [^\]\n]*\]$/;

/** The answer's text as a continuation goes on from it: without the server's cut mark. */
export function withoutCutMark({ attrs, content }: Entry): string {
  return attrs.truncated === 'true' ? content.replace(CUT_MARK, '') : content;
}
