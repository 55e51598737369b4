import { ApiError, type CompareHandlers, type LaneOutcome, type QuerySubmit } from '@caravanserai/api';
import { type FrameScheduler, landQuery, type PendingWrites, thinkingClock } from './answer-stream';
import { type CompareRun, type LaneStatus, withLane } from './compare-run';
import type { ConfirmedWrite } from './log-snapshot';
import { thoughtSeconds } from './reasoning';

export interface CompareDeps {
  compare(body: QuerySubmit, handlers: CompareHandlers): Promise<LaneOutcome[]>;
  pending: PendingWrites;
  land(write: ConfirmedWrite): void;
  /** The run as drawn now, and its change. */
  run(): CompareRun;
  setRun(run: CompareRun): void;
  frames: FrameScheduler;
  now(): number;
}

export interface CompareRequest {
  logid: string;
  qid: string;
  prompt: string;
  /** The pending query entry of the question. */
  queryOp: number;
  files: readonly string[];
  wellids: readonly string[];
  signal: AbortSignal;
}

/** How a compare ended: its lanes each ended (stored or not), or the whole call failed. */
export type CompareOutcome = { kind: 'compared' } | { kind: 'failed'; error: unknown; stored: boolean };

function endedAs(outcome: LaneOutcome): LaneStatus {
  if ('data' in outcome) return 'stored';
  return outcome.error instanceof ApiError && outcome.error.code === 'cancelled' ? 'stopped' : 'failed';
}

/**
 * Streams one question through several wells (DESIGN 12). Each lane's text and thinking grow in
 * the run as their events arrive, drawn at most once per frame. The `query` event puts the stored
 * question into the log; once every lane has ended, the stored answers are put into the log as
 * siblings under it in the order the server stored them, so the log's head, as the server's, is
 * the last one stored.
 */
export async function streamCompare(deps: CompareDeps, request: CompareRequest): Promise<CompareOutcome> {
  const { frames } = deps;
  const { logid, qid, prompt, files, wellids, signal } = request;
  const grown = new Map<number, { text: string; thought: string }>();
  const clocks = new Map<number, ReturnType<typeof thinkingClock>>();
  const clockOf = (lane: number) => {
    const clock = clocks.get(lane) ?? thinkingClock(deps.now);
    clocks.set(lane, clock);
    return clock;
  };
  let frame = 0;
  let stored = false;
  const flush = () => {
    frame = 0;
    let run = deps.run();
    for (const [lane, { text, thought }] of grown) {
      const clock = clockOf(lane);
      run = withLane(run, lane, (view) => ({
        ...view,
        text: view.text + text,
        thought: clock.started()
          ? { text: (view.thought?.text ?? '') + thought, seconds: clock.seconds(), index: null }
          : view.thought,
      }));
    }
    grown.clear();
    deps.setRun(run);
  };
  const grow = (lane: number, text: string, thought: string) => {
    const so = grown.get(lane) ?? { text: '', thought: '' };
    grown.set(lane, { text: so.text + text, thought: so.thought + thought });
    if (frame === 0) frame = frames.request(flush);
  };
  try {
    const body: QuerySubmit = {
      logid,
      prompt,
      shell_mode: 'QUERY',
      qid,
      wellids: [...wellids],
      ...(files.length > 0 && { files: [...files] }),
    };
    const outcomes = await deps.compare(body, {
      signal,
      onQuery: (data) => {
        stored = true;
        landQuery(deps, request, data);
        let run = deps.run();
        for (const { lane, title, model } of data.lanes ?? [])
          run = withLane(run, lane, (view) => ({ ...view, title, model }));
        deps.setRun(run);
      },
      onDelta: (lane, text) => {
        clockOf(lane).answer();
        grow(lane, text, '');
      },
      onReasoning: (lane, text) => {
        clockOf(lane).think();
        grow(lane, '', text);
      },
    });
    frames.cancel(frame);
    const answers = outcomes.flatMap((outcome) => ('data' in outcome ? [outcome.data] : []));
    for (const { entry, reasoning, version } of answers.sort((a, b) => a.version - b.version)) {
      const lead = reasoning && {
        entry: { tag: reasoning.tag, attrs: reasoning.attrs, content: reasoning.content },
        index: reasoning.index,
      };
      deps.land({
        kind: 'append',
        entry: { tag: entry.tag, attrs: entry.attrs, content: entry.content },
        index: entry.index,
        version,
        ...(lead && { lead }),
      });
    }
    let run = deps.run();
    for (const outcome of outcomes) {
      run = withLane(run, outcome.lane, (view) => {
        if (!('data' in outcome)) return { ...view, status: endedAs(outcome), error: outcome.error };
        const { entry, reasoning } = outcome.data;
        const thought = reasoning
          ? {
              text: reasoning.content,
              seconds: thoughtSeconds(reasoning.attrs.seconds),
              index: reasoning.index,
            }
          : null;
        return { ...view, status: 'stored', text: entry.content, thought, eid: entry.attrs.eid ?? null };
      });
    }
    deps.setRun({ ...run, ended: true });
    return { kind: 'compared' };
  } catch (error) {
    frames.cancel(frame);
    return { kind: 'failed', error, stored };
  } finally {
    if (!stored) deps.pending.remove(request.queryOp);
  }
}
