import { filesOf, newQid } from '@caravanserai/logbook';
import { type FrameScheduler, type PendingWrites, streamAnswer } from './answer-stream';
import { parentFor } from './branch-view';
import { startedRun } from './compare-run';
import { streamCompare } from './compare-stream';
import { streamContinuation } from './continue-stream';
import { earlyEnd } from './continuing';
import { withFiles } from './entry-files';
import type { ConfirmedWrite } from './log-snapshot';
import type { SessionPorts } from './session-ports';
import type { LogbookSessionState, SessionChange } from './session-state';

/** What asking needs of the session. */
export interface AskingHost {
  logid: string;
  state(): LogbookSessionState;
  set(change: SessionChange): void;
  pending: PendingWrites;
  land(write: ConfirmedWrite): void;
  ports: Pick<SessionPorts, 'streamQuery' | 'compareQuery' | 'cancelQuery'>;
  frames: FrameScheduler;
  now(): number;
}

/**
 * The session's questions and their answers, one at a time: a new question, an edited one sent
 * again, a stored one asked again; Stop; and the failure the Scribe shows.
 */
export class SessionAsking {
  private controller: AbortController | null = null;

  constructor(private readonly host: AskingHost) {}

  /** The query shows at once (with its files), under its own qid, which the server stores it with. */
  askQuestion(prompt: string, files: readonly string[]): Promise<string | null> {
    // One answer at a time: the Scribe says so too, but its state may be a frame behind.
    if (this.host.state().answer) return Promise.resolve(prompt);
    const qid = newQid();
    const queryOp = this.host.pending.add({
      kind: 'append',
      entry: { tag: 'query', attrs: withFiles({ qid }, files), content: prompt },
    });
    return this.run(qid, prompt, queryOp, { files });
  }

  /**
   * One question through 2 to 4 wells (DESIGN 12): their answers stream side by side (the
   * session's `compare`) and are stored as siblings under it. Resolves with the prompt when the
   * question could not be stored.
   */
  async askCompare(
    prompt: string,
    files: readonly string[],
    wellids: readonly string[],
  ): Promise<string | null> {
    const { host } = this;
    if (host.state().answer) return prompt;
    const qid = newQid();
    const queryOp = host.pending.add({
      kind: 'append',
      entry: { tag: 'query', attrs: withFiles({ qid }, files), content: prompt },
    });
    const controller = new AbortController();
    this.controller = controller;
    host.set({ failure: null, answer: { qid, stopping: false }, compare: startedRun(qid, wellids) });
    const outcome = await streamCompare(
      {
        compare: host.ports.compareQuery,
        pending: host.pending,
        land: (write) => host.land(write),
        run: () => host.state().compare ?? startedRun(qid, wellids),
        setRun: (compare) => host.set({ compare }),
        frames: host.frames,
        now: host.now,
      },
      { logid: host.logid, qid, prompt, queryOp, files, wellids, signal: controller.signal },
    );
    if (this.controller === controller) this.controller = null;
    if (outcome.kind === 'compared') {
      host.set({ answer: null });
      return null;
    }
    const { stored, error } = outcome;
    host.set({ answer: null, compare: null, failure: { error, qid: stored ? qid : null } });
    return stored ? null : prompt;
  }

  /**
   * An edited question sent again is a new question beside the old one (DESIGN 3a): it follows
   * the old one's parent and carries its files, and the old question with all that followed it
   * stays as a branch. False when it cannot be asked (another answer arrives, nothing to ask).
   */
  askEdited(index: number, content: string): boolean {
    const { state, pending } = this.host;
    const edited = state().log.path.find((held) => held.index === index);
    if (state().answer || !edited || content.trim() === '') return false;
    const parent = parentFor(edited);
    const qid = newQid();
    const files = filesOf(edited.entry);
    const queryOp = pending.add({
      kind: 'append',
      entry: { tag: 'query', attrs: withFiles({ qid, parent }, files), content },
    });
    void this.run(qid, content, queryOp, { parent, files });
    return true;
  }

  /** Asks the stored query `qid` again (a retry, a new answer). */
  async retry(qid: string): Promise<void> {
    const { answer, log } = this.host.state();
    if (answer) return;
    const question = log.path.findLast(({ entry }) => entry.tag === 'query' && entry.attrs.qid === qid)?.entry
      .content;
    if (question === undefined || question.trim() === '') return;
    await this.run(qid, question, null);
  }

  /**
   * Asks the model to go on with an answer that ended early (DESIGN 12); it grows in its own row,
   * and Stop stops it as it stops an answer. A refusal shows as a failure with nothing to ask again.
   */
  async continueAnswer(index: number): Promise<void> {
    const { host } = this;
    const { answer, log } = host.state();
    const held = log.path.find((entry) => entry.index === index);
    const { eid, qid } = held?.entry.attrs ?? {};
    if (answer || !held || earlyEnd(held.entry) === null || eid === undefined || qid === undefined) return;
    const question = log.path.findLast(({ entry }) => entry.tag === 'query' && entry.attrs.qid === qid);
    const controller = new AbortController();
    this.controller = controller;
    host.set({ failure: null, answer: { qid, stopping: false }, compare: null });
    const outcome = await streamContinuation(this.streamDeps(), {
      logid: host.logid,
      eid,
      index,
      // Required by the call, unused by a continuation: the stored question is asked.
      prompt: question?.entry.content.trim() || 'Continue',
      signal: controller.signal,
    });
    if (this.controller === controller) this.controller = null;
    const failure = outcome.kind === 'failed' ? { error: outcome.error, qid: null } : null;
    host.set({ answer: null, ...(failure && { failure }) });
  }

  /**
   * Asks the server to stop the answer. The stream is read on: it ends with the stored part of
   * the answer, or 'cancelled'. Only when the server cannot be told is the stream dropped (the
   * server then stores the whole answer).
   */
  stop(): void {
    const { host } = this;
    const { answer } = host.state();
    const controller = this.controller;
    if (!answer || answer.stopping || !controller) return;
    host.set({ answer: { ...answer, stopping: true } });
    host.ports.cancelQuery({ logid: host.logid, qid: answer.qid }).catch(() => controller.abort());
  }

  /** Stops listening to an answer in flight (the page is left); the server still stores it. */
  dispose(): void {
    this.controller?.abort();
  }

  private streamDeps() {
    const { host } = this;
    return {
      stream: host.ports.streamQuery,
      pending: host.pending,
      land: (write: ConfirmedWrite) => host.land(write),
      answered: () => host.set({ answer: null }),
      frames: host.frames,
      now: host.now,
    };
  }

  /** Resolves with the prompt when the query could not be stored, so the Scribe can give it back. */
  private async run(
    qid: string,
    prompt: string,
    queryOp: number | null,
    { parent, files }: { parent?: string; files?: readonly string[] } = {},
  ): Promise<string | null> {
    const { host } = this;
    const controller = new AbortController();
    this.controller = controller;
    host.set({ failure: null, answer: { qid, stopping: false }, compare: null });
    const outcome = await streamAnswer(this.streamDeps(), {
      logid: host.logid,
      qid,
      prompt,
      queryOp,
      parent,
      files,
      signal: controller.signal,
    });
    if (this.controller === controller) this.controller = null;
    if (outcome.kind !== 'failed') {
      if (host.state().answer !== null) host.set({ answer: null });
      return null;
    }
    const askable = outcome.stored || queryOp === null;
    host.set({ answer: null, failure: { error: outcome.error, qid: askable ? qid : null } });
    return askable ? null : prompt;
  }
}
