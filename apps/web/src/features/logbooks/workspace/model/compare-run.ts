import type { RowThought } from './reasoning';

/** How one answer of a compare stands: arriving, stored, failed, or stopped before any text. */
export type LaneStatus = 'streaming' | 'stored' | 'failed' | 'stopped';

/** One answer of a compare as the grid draws it (DESIGN 12). */
export interface CompareLaneView {
  lane: number;
  wellid: string;
  /** The well's title and its model, once the server named them (the `query` event). */
  title: string;
  model: string;
  text: string;
  /** What the model thought before it answered, as it arrives; null when it showed none. */
  thought: RowThought | null;
  status: LaneStatus;
  /** Why the lane got no answer, when it failed. */
  error: unknown;
  /** The stored answer's eid, which keeping it chooses as the head. */
  eid: string | null;
}

/**
 * A compare asked from this page: one question through 2 to 4 wells, their answers side by side
 * until the user keeps one (or asks something else). `ended`: every lane has ended.
 */
export interface CompareRun {
  qid: string;
  lanes: readonly CompareLaneView[];
  ended: boolean;
  /** The eid of the answer being kept, while the server is told. */
  keeping: string | null;
}

/** A compare just asked: a waiting lane per well, named once the server says. */
export function startedRun(qid: string, wellids: readonly string[]): CompareRun {
  const lanes = wellids.map(
    (wellid, lane): CompareLaneView => ({
      lane,
      wellid,
      title: '',
      model: '',
      text: '',
      thought: null,
      status: 'streaming',
      error: null,
      eid: null,
    }),
  );
  return { qid, lanes, ended: false, keeping: null };
}

/** The run with one lane changed. */
export function withLane(
  run: CompareRun,
  lane: number,
  change: (view: CompareLaneView) => CompareLaneView,
): CompareRun {
  return { ...run, lanes: run.lanes.map((view) => (view.lane === lane ? change(view) : view)) };
}
