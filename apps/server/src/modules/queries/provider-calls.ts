/** One provider call in flight: the signal it runs under and the ways it can be stopped. */
export interface ProviderCall {
  signal: AbortSignal;
  /** The logbook's owner pressed Stop. */
  cancelled(): boolean;
  /** Stops reading because the answer reached its cap (not a cancel, not a failure). */
  cut(): void;
  end(): void;
}

/**
 * Provider calls in flight in this process, by logid/qid and lane (a compare asks several wells
 * the same question at once), so their owner can stop them. A stop reaching another server
 * process is passed on to this one by StopSignals.
 */
export class ProviderCalls {
  private readonly inflight = new Map<string, Map<number, AbortController>>();

  begin(logid: string, qid: string, timeoutMs: number, lane = 0): ProviderCall {
    const key = `${logid}/${qid}`;
    const stop = new AbortController();
    const cut = new AbortController();
    const lanes = this.inflight.get(key) ?? new Map<number, AbortController>();
    // Asked again while an answer still runs: the newer call replaces it.
    lanes.get(lane)?.abort();
    lanes.set(lane, stop);
    this.inflight.set(key, lanes);
    return {
      signal: AbortSignal.any([stop.signal, cut.signal, AbortSignal.timeout(timeoutMs)]),
      cancelled: () => stop.signal.aborted,
      cut: () => cut.abort(),
      end: () => {
        if (lanes.get(lane) !== stop) return;
        lanes.delete(lane);
        if (lanes.size === 0 && this.inflight.get(key) === lanes) this.inflight.delete(key);
      },
    };
  }

  /** Stops every call for this query that runs here (each lane of a compare); says whether any did. */
  stop(logid: string, qid: string): boolean {
    const lanes = this.inflight.get(`${logid}/${qid}`);
    for (const controller of lanes?.values() ?? []) controller.abort();
    return lanes !== undefined && lanes.size > 0;
  }
}
