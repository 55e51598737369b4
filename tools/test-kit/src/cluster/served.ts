/** One answer through the proxy: the request, and the replica the proxy sent it to. */
export interface Served {
  method: string;
  /** The path and query the request went to, API prefix included. */
  path: string;
  /** The replica's name (`X-Served-By`), or '' when the proxy answered itself. */
  replica: string;
  status: number;
}

/**
 * A fetch that notes which replica answered each request (the proxy names it in `X-Served-By`),
 * for clients of the cluster: tests check that calls went where round robin sends them.
 */
export function servedRecorder(): { served: Served[]; fetch: typeof fetch } {
  const served: Served[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    served.push({
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      path: `${url.pathname}${url.search}`,
      replica: response.headers.get('x-served-by') ?? '',
      status: response.status,
    });
    return response;
  };
  return { served, fetch: recording };
}
