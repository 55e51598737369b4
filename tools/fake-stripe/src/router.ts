import type { RequestRef } from './events';
import type { Params } from './params';
import type { Store } from './store';

export type Method = 'GET' | 'POST' | 'DELETE';

/** What an endpoint is handed: its parameters (query or form body), path ids and the state. */
export interface Call {
  params: Params;
  path: Record<string, string>;
  store: Store;
  request: RequestRef;
  /** The request's path without its query, for list objects' `url`. */
  url: string;
}

export interface Endpoint {
  method: Method;
  /** e.g. `/v1/customers/:id`; a `:name` segment matches one path segment. */
  path: string;
  handle(call: Call): unknown;
}

interface Compiled {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

export class Router {
  private readonly routes: Compiled[];

  constructor(endpoints: readonly Endpoint[]) {
    this.routes = endpoints.map((endpoint) => {
      const names: string[] = [];
      const source = endpoint.path.replace(/:([a-z_]+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
    });
  }

  /** The endpoint for a request and its path ids, or what is wrong: no such path, or wrong method. */
  match(
    method: string,
    path: string,
  ): { endpoint: Endpoint; ids: Record<string, string> } | 'not_found' | 'method_not_allowed' {
    let pathKnown = false;
    for (const { endpoint, pattern, names } of this.routes) {
      const found = pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (endpoint.method !== method) continue;
      const ids: Record<string, string> = {};
      names.forEach((name, i) => {
        ids[name] = decodeURIComponent(found[i + 1] ?? '');
      });
      return { endpoint, ids };
    }
    return pathKnown ? 'method_not_allowed' : 'not_found';
  }
}
