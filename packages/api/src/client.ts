import { z } from 'zod';
import { caravanCalls } from './client-caravans.js';
import { ownDataCalls } from './client-own-data.js';
import { paymentCalls } from './client-payments.js';
import { ApiError } from './errors.js';
import { seg } from './path-segment.js';
import {
  CurrentUser,
  type Login,
  PublicProfile,
  type Registration,
  TokenResponse,
  type UserUpdate,
} from './schemas/auth.js';
import { Detail } from './schemas/common.js';
import { PublicConfig } from './schemas/config.js';
import { Journal, JournalSummary, type JournalWrite } from './schemas/journals.js';
import {
  Logbook,
  type LogbookCreate,
  LogbookSummary,
  type LogbookUpdate,
  LogbookVersion,
  type LogWrite,
  type TagSubmit,
  TagSubmitResult,
  Touched,
} from './schemas/logbooks.js';
import { MapperProfile, type MapperProfileCreate, type MapperProfileUpdate } from './schemas/mapper.js';
import { type QueryCancel, QueryResult, type QuerySubmit, UsageSummary } from './schemas/queries.js';
import { QueryStreamEvent } from './schemas/query-stream.js';
import {
  OwnWell,
  type WellCreate,
  WellDetail,
  WellList,
  type WellTest,
  WellTestResult,
  type WellUpdate,
} from './schemas/wells.js';
import { readSse } from './sse.js';

export interface ClientOptions {
  /** Origin plus API prefix, e.g. http://127.0.0.1:8000/api */
  baseUrl: string;
  token?: string | null;
  /** Reads the token at each request instead (the browser keeps it in a cookie). */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface StreamHandlers {
  onQuery?(query: { qid: string; index: number }): void;
  onDelta?(text: string): void;
  signal?: AbortSignal;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The one typed client of the REST API, shared by the web app, the CLI and the tests.
 * It only speaks HTTP: toasts, redirects and storage belong to its hosts.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly getToken: () => string | null;
  token: string | null;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token ?? null;
    this.getToken = options.getToken ?? (() => this.token);
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sends a request and returns the raw Response, throwing ApiError on a non-2xx status. */
  async raw(method: Method, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = this.getToken();
    if (token) headers.Authorization = `Token ${token}`;
    let body: string | FormData | undefined;
    // A form (an upload) sets its own multipart Content-Type and boundary.
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response;
  }

  async request<T>(schema: z.ZodType<T>, method: Method, path: string, options?: RequestOptions): Promise<T> {
    const response = await this.raw(method, path, options);
    return schema.parse(await readBody(response));
  }

  private async send(method: Method, path: string, options?: RequestOptions): Promise<void> {
    await this.raw(method, path, options);
  }

  /** The server's public settings: payments switch, support e-mail, where the API lives. */
  config(): Promise<PublicConfig> {
    return this.request(PublicConfig, 'GET', '/config/');
  }

  readonly auth = {
    register: (body: Registration) =>
      this.request(TokenResponse, 'POST', '/rest-auth/registration/', { body }),
    login: (body: Login) => this.request(TokenResponse, 'POST', '/rest-auth/login/', { body }),
    logout: () => this.request(Detail, 'POST', '/rest-auth/logout/'),
    /** Revokes every token of the signed-in user, this client's included. */
    logoutAll: () => this.request(Detail, 'POST', '/rest-auth/logout/all/'),
    user: () => this.request(CurrentUser, 'GET', '/rest-auth/user/'),
    updateUser: (body: UserUpdate) => this.request(CurrentUser, 'PATCH', '/rest-auth/user/', { body }),
  };

  readonly profiles = {
    get: (username: string) => this.request(PublicProfile, 'GET', `/u/${encodeURIComponent(username)}/`),
  };

  readonly journals = {
    list: () => this.request(z.array(JournalSummary), 'GET', '/journals/'),
    create: (body: JournalWrite) => this.request(Journal, 'POST', '/journals/', { body }),
    get: (jid: string) => this.request(Journal, 'GET', `/journals/${seg(jid)}/`),
    update: (jid: string, body: JournalWrite) =>
      this.request(Journal, 'PUT', `/journals/${seg(jid)}/`, { body }),
    remove: (jid: string) => this.send('DELETE', `/journals/${seg(jid)}/`),
  };

  readonly logbooks = {
    list: () => this.request(z.array(LogbookSummary), 'GET', '/journals/logbooks/'),
    create: (body: LogbookCreate) => this.request(Logbook, 'POST', '/journals/logbooks/', { body }),
    get: (logid: string) => this.request(Logbook, 'GET', `/journals/logbooks/${seg(logid)}/`),
    version: (logid: string) =>
      this.request(LogbookVersion, 'GET', `/journals/logbooks/${seg(logid)}/version/`),
    update: (logid: string, body: LogbookUpdate) =>
      this.request(Logbook, 'PUT', `/journals/logbooks/${seg(logid)}/`, { body }),
    patch: (logid: string, body: LogbookUpdate) =>
      this.request(Logbook, 'PATCH', `/journals/logbooks/${seg(logid)}/`, { body }),
    remove: (logid: string) => this.send('DELETE', `/journals/logbooks/${seg(logid)}/`),
    touch: (logid: string) => this.request(Touched, 'POST', `/journals/logbooks/${seg(logid)}/touch/`),
    updateLog: (logid: string, body: LogWrite) =>
      this.request(Logbook, 'POST', `/journals/logbooks/${seg(logid)}/update_log/`, { body }),
    fork: (logid: string) => this.request(Logbook, 'POST', `/journals/logbooks/${seg(logid)}/fork/`),
  };

  readonly wells = {
    list: () => this.request(WellList, 'GET', '/journals/wells/'),
    create: (body: WellCreate) => this.request(OwnWell, 'POST', '/journals/wells/', { body }),
    get: (wellid: string) => this.request(WellDetail, 'GET', `/journals/wells/${seg(wellid)}/`),
    update: (wellid: string, body: WellUpdate) =>
      this.request(OwnWell, 'PUT', `/journals/wells/${seg(wellid)}/`, { body }),
    remove: (wellid: string) => this.send('DELETE', `/journals/wells/${seg(wellid)}/`),
    /** Asks the provider for its model list with the form's values; nothing is saved. */
    test: (body: WellTest) => this.request(WellTestResult, 'POST', '/journals/wells/test/', { body }),
  };

  readonly queries = {
    /** Stops a query in flight: no answer is stored for it. */
    cancel: (body: QueryCancel) =>
      this.request(z.object({ cancelled: z.boolean() }), 'POST', '/journals/query/cancel/', { body }),
    submit: (body: QuerySubmit, signal?: AbortSignal) =>
      this.request(QueryResult, 'POST', '/journals/query/submit/', { body, signal }),
    /**
     * Streams an answer: `onQuery` once the query entry is stored, `onDelta` for each piece of text,
     * then resolves with the stored answer (a stopped one is marked `stopped`), or rejects with an
     * ApiError: code 'provider_error' for a provider failure, 'cancelled' when stopped before any text.
     */
    stream: async (body: QuerySubmit, handlers: StreamHandlers = {}) => {
      const response = await this.raw('POST', '/journals/query/stream/', { body, signal: handlers.signal });
      if (!response.body) throw new ApiError(502, { detail: 'Empty stream.', code: 'provider_error' });
      for await (const raw of readSse(response.body)) {
        const parsed = QueryStreamEvent.safeParse({ event: raw.event, data: parseJson(raw.data) });
        // An event this client does not know (a newer server) is passed over.
        if (!parsed.success) continue;
        const { event, data } = parsed.data;
        if (event === 'query') handlers.onQuery?.(data);
        else if (event === 'delta') handlers.onDelta?.(data.text);
        else if (event === 'done') return data;
        else if (event === 'error') throw new ApiError(502, { code: 'provider_error', ...data });
        else throw new ApiError(409, { ...data, code: 'cancelled' });
      }
      throw new ApiError(502, {
        detail: 'Error fetching response from AI.',
        reason: 'The stream ended early.',
        code: 'provider_error',
      });
    },
  };

  readonly mapperProfiles = {
    list: () => this.request(z.array(MapperProfile), 'GET', '/mapper/mapper-profile/'),
    create: (body: MapperProfileCreate) =>
      this.request(MapperProfile, 'POST', '/mapper/mapper-profile/', { body }),
    update: (id: string, body: MapperProfileUpdate) =>
      this.request(MapperProfile, 'PUT', `/mapper/mapper-profile/${seg(id)}/`, { body }),
  };

  /**
   * Cards and subscriptions (schemas/payments.ts says what each answers and how it fails). All
   * answer 404 while the server's payments are off.
   */
  readonly payments = paymentCalls(this);

  /** Caravans: members, invites, shared wells, policy, usage and audit. */
  readonly caravans = caravanCalls(this);

  /** Import from other AI apps, search, backup and restore. */
  readonly ownData = ownDataCalls(this);

  readonly usage = {
    get: (days = 30) => this.request(UsageSummary, 'GET', `/usage/?days=${days}`),
  };

  /** The terminal package (`caravanserai.zip` or `caravanserai.tar.gz`) as a file to save. */
  async download(filename: string): Promise<Blob> {
    const response = await this.raw('GET', `/download/${seg(filename)}/`, { headers: { Accept: '*/*' } });
    return response.blob();
  }

  readonly tags = {
    submit: (body: TagSubmit) => this.request(TagSubmitResult, 'POST', '/journals/tag/submit/', { body }),
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
