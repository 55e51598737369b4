import { ApiError } from './errors.js';
import { HttpClient } from './http-client.js';
import type { CallOptions } from './route-types.js';
import { routes } from './routes/index.js';
import type { CaravanUsageQuery } from './schemas/caravans.js';
import { LogbookVersion } from './schemas/logbooks.js';
import type { QueryResult, QuerySubmit } from './schemas/queries.js';
import { QueryStreamEvent } from './schemas/query-stream.js';
import { readSse } from './sse.js';

export interface StreamHandlers {
  onQuery?(query: Extract<QueryStreamEvent, { event: 'query' }>['data']): void;
  onDelta?(text: string): void;
  /** A piece of a reasoning model's thinking, before the answer's text. */
  onReasoning?(text: string): void;
  signal?: AbortSignal;
}

/** What a compare's stream tells as it goes (DESIGN 12): each answer's pieces by lane. */
export interface CompareHandlers {
  onQuery?(query: Extract<QueryStreamEvent, { event: 'query' }>['data']): void;
  onDelta?(lane: number, text: string): void;
  onReasoning?(lane: number, text: string): void;
  signal?: AbortSignal;
}

/** How one answer of a compare ended: stored, or not (the provider failed, or it was stopped first). */
export type LaneOutcome = { lane: number; data: QueryResult['data'] } | { lane: number; error: ApiError };

/** What can be uploaded: a browser File or Blob, or bytes read by the CLI. */
export type Upload = Blob;

/**
 * The one typed client of the REST API, shared by the web app, the CLI and the tests. Each group
 * is its area's route table (routes/*.ts) as calls; the few calls below that take something other
 * than the route's own input (an upload, stream handlers) still send to their route.
 * It only speaks HTTP: toasts, redirects and storage belong to its hosts.
 */
export class ApiClient extends HttpClient {
  readonly config = this.calls(routes.config);
  readonly auth = this.calls(routes.auth);
  /** Single sign-on with the server's OpenID Connect provider. */
  readonly sso = this.calls(routes.sso);
  /** Personal API keys: listed, created (the key shown once) and revoked. */
  readonly apiKeys = this.calls(routes.apiKeys);
  /** Instance administration: users (search, disable, enable) and invite links. */
  readonly admin = this.calls(routes.admin);
  /** The Bazaar: publishing, the gallery, listings, forks, stars and reports. */
  readonly bazaar = this.calls(routes.bazaar);
  /** The well market: offers, rentals and earnings. */
  readonly wellRental = this.calls(routes.wellRental);
  readonly profiles = this.calls(routes.profiles);
  readonly journals = this.calls(routes.journals);
  readonly logbooks = {
    ...this.calls(routes.logbooks),
    /**
     * Listens to a logbook (DESIGN 9): `onVersion` with its version marker at once and after each
     * change, until the stream ends (resolves) or cannot open (rejects with the ApiError).
     */
    listen: (logid: string, onVersion: (marker: LogbookVersion) => void, signal?: AbortSignal) =>
      this.readLogbookEvents(logid, onVersion, signal),
  };
  readonly entries = this.calls(routes.entries);
  readonly wells = this.calls(routes.wells);
  readonly usage = this.calls(routes.usage);
  readonly mapperProfiles = this.calls(routes.mapperProfiles);
  readonly download = this.calls(routes.download);
  readonly search = this.calls(routes.search);

  readonly queries = {
    ...this.calls(routes.queries),
    /**
     * Streams an answer: `onQuery` once the query entry is stored, `onDelta` for each piece of text,
     * then resolves with the stored answer (a stopped one is marked `stopped`), or rejects with an
     * ApiError: code 'provider_error' for a provider failure, 'cancelled' when stopped before any text.
     */
    stream: (body: QuerySubmit, handlers: StreamHandlers = {}) => this.readStream(body, handlers),
    /** One question through 2 to 4 wells (`wellids`); resolves once every answer has ended. */
    compare: (body: QuerySubmit, handlers: CompareHandlers = {}) => this.readCompare(body, handlers),
  };

  /** Cards and subscriptions; all answer 404 while the server's payments are off. */
  readonly payments = {
    ...this.calls(routes.payments),
    /** The user's Stripe customer, created on first use: 201 {customer_id}. */
    createCustomer: (username: string, options?: CallOptions) =>
      this.call(routes.payments.createCustomer, { ...options, body: { username } }),
  };

  /** Caravans: members, invites, shared wells, policy, usage and audit. */
  readonly caravans = {
    ...this.calls(routes.caravans),
    /** The same figures as CSV text with a header row. */
    usageCsv: async (id: string, query: Omit<CaravanUsageQuery, 'format'> = {}) => {
      const csv = routes.caravans.usage.formats.csv;
      const response = await this.send(routes.caravans.usage, {
        params: { id },
        query: { ...query, format: 'csv' },
        headers: { Accept: csv.contentType },
      });
      return response.text();
    },
  };

  /** Import from other AI apps' exports, as a background job. */
  readonly imports = {
    ...this.calls(routes.imports),
    /** Starts importing an export file into `journal` (or a new journal named after the source). */
    start: (file: Upload, filename: string, journal?: string) =>
      this.call(routes.imports.start, { body: uploadForm(file, filename, journal) }),
  };

  /** Files a query carries: uploaded to a logbook, then named in the query's `files`. */
  readonly files = {
    ...this.calls(routes.files),
    upload: (logid: string, file: Upload, filename: string) =>
      this.call(routes.files.upload, { params: { logid }, body: uploadForm(file, filename) }),
  };

  /** Everything the user owns as one zip, and restoring such a zip (an import job). */
  readonly backup = {
    ...this.calls(routes.backup),
    restore: (file: Upload, filename = 'backup.zip') =>
      this.call(routes.backup.restore, { body: uploadForm(file, filename) }),
  };

  private async readLogbookEvents(
    logid: string,
    onVersion: (marker: LogbookVersion) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const response = await this.send(routes.logbooks.events, { params: { logid }, signal });
    if (!response.body) return;
    for await (const raw of readSse(response.body)) {
      if (raw.event !== 'version') continue;
      const parsed = LogbookVersion.safeParse(parseJson(raw.data));
      if (parsed.success) onVersion(parsed.data);
    }
  }

  /**
   * The events of an answer stream, parsed (an event this client does not know, from a newer
   * server, is passed over). A stream cut before its end is resumed (DESIGN 9): the client
   * reconnects with the last event's id, to whichever server process answers, a few times.
   */
  private async *answerEvents(body: QuerySubmit, signal?: AbortSignal): AsyncGenerator<QueryStreamEvent> {
    let response: Response | undefined = await this.send(routes.queries.stream, { body, signal });
    let qid: string | undefined;
    let lastId: string | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        if (response?.body)
          for await (const raw of readSse(response.body)) {
            if (raw.id !== undefined) lastId = raw.id;
            const parsed = QueryStreamEvent.safeParse({ event: raw.event, data: parseJson(raw.data) });
            if (!parsed.success) continue;
            if (parsed.data.event === 'query') qid = parsed.data.data.qid;
            yield parsed.data;
          }
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      if (qid === undefined || lastId === undefined || attempt >= RESUME_ATTEMPTS || signal?.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS * (attempt + 1)));
      try {
        response = await this.send(routes.queries.resume, {
          query: { logid: body.logid, qid },
          headers: { 'Last-Event-ID': lastId },
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        // Nothing kept to resume from (an older server, or an hour gone): the stream ended early.
        if (error instanceof ApiError && error.status < 500) return;
        // A process stopping or out of reach: the next attempt may reach another.
        response = undefined;
      }
    }
  }

  private async readCompare(body: QuerySubmit, handlers: CompareHandlers): Promise<LaneOutcome[]> {
    const outcomes = new Map<number, LaneOutcome>();
    let lanes = 0;
    for await (const { event, data } of this.answerEvents(body, handlers.signal)) {
      if (event === 'query') {
        lanes = data.lanes?.length ?? 0;
        handlers.onQuery?.(data);
        continue;
      }
      const lane = data.lane ?? 0;
      if (event === 'delta') handlers.onDelta?.(lane, data.text);
      else if (event === 'reasoning') handlers.onReasoning?.(lane, data.text);
      else if (event === 'done') outcomes.set(lane, { lane, data });
      else if (event === 'error')
        outcomes.set(lane, { lane, error: new ApiError(502, { code: 'provider_error', ...data }) });
      else outcomes.set(lane, { lane, error: new ApiError(409, { ...data, code: 'cancelled' }) });
      if (lanes > 0 && outcomes.size === lanes) break;
    }
    if (lanes === 0 || outcomes.size < lanes) throw endedEarly();
    return [...outcomes.values()].sort((a, b) => a.lane - b.lane);
  }

  private async readStream(body: QuerySubmit, handlers: StreamHandlers) {
    for await (const { event, data } of this.answerEvents(body, handlers.signal)) {
      if (event === 'query') handlers.onQuery?.(data);
      else if (event === 'delta') handlers.onDelta?.(data.text);
      else if (event === 'reasoning') handlers.onReasoning?.(data.text);
      else if (event === 'done') return data;
      else if (event === 'error') throw new ApiError(502, { code: 'provider_error', ...data });
      else throw new ApiError(409, { ...data, code: 'cancelled' });
    }
    throw endedEarly();
  }
}

/** A cut answer stream is reconnected this many times, waiting this long times the attempt. */
const RESUME_ATTEMPTS = 3;
const RESUME_WAIT_MS = 250;

const endedEarly = () =>
  new ApiError(502, {
    detail: 'Error fetching response from AI.',
    reason: 'The stream ended early.',
    code: 'provider_error',
  });

function uploadForm(file: Upload, filename: string, journal?: string): FormData {
  const form = new FormData();
  // The journal goes before the file: the server reads fields in order and streams the file.
  if (journal) form.append('journal', journal);
  form.append('file', file, filename);
  return form;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
