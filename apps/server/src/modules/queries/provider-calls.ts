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
 * Provider calls in flight in this process, by logid/qid, so their owner can stop them. Only this
 * process knows its calls, so a stop reaching another replica does nothing there.
 */
export class ProviderCalls {
  private readonly inflight = new Map<string, AbortController>();

  begin(logid: string, qid: string, timeoutMs: number): ProviderCall {
    const key = `${logid}/${qid}`;
    const stop = new AbortController();
    const cut = new AbortController();
    this.inflight.get(key)?.abort();
    this.inflight.set(key, stop);
    return {
      signal: AbortSignal.any([stop.signal, cut.signal, AbortSignal.timeout(timeoutMs)]),
      cancelled: () => stop.signal.aborted,
      cut: () => cut.abort(),
      end: () => {
        if (this.inflight.get(key) === stop) this.inflight.delete(key);
      },
    };
  }

  /** Stops the call for this query, if one runs here; says whether one did. */
  stop(logid: string, qid: string): boolean {
    const controller = this.inflight.get(`${logid}/${qid}`);
    controller?.abort();
    return controller !== undefined;
  }
}
