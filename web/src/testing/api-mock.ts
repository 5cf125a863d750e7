import { vi } from 'vitest';

/** One request the app sent, as the mock saw it. */
export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/**
 * Answers one request: return the JSON body (200), a `Response` (see `json()` and
 * `problem()`), or undefined for 204 No Content. May be async.
 */
export type ApiHandler = (call: RecordedCall) => unknown;

/**
 * Stubs `fetch` with handlers keyed by `"METHOD /path"` (the path without its query; read
 * `call.url.searchParams`). Unknown routes answer a 404 problem. Every call is recorded with
 * its parsed body. `vi.unstubAllGlobals()` (or `restoreMocks`) undoes it.
 */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? (init ? new Request(input, init) : input) : new Request(toUrl(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      url,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (!handler) return problem(404, 'not_found');
    const result: unknown = await handler(call);
    if (result instanceof Response) return result;
    if (result === undefined) return new Response(null, { status: 204 });
    return json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function toUrl(input: string | URL): URL {
  return input instanceof URL ? input : new URL(input, 'http://localhost');
}

/** A JSON response; 4xx/5xx statuses are sent as `application/problem+json`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

/**
 * The server's problem+json for `code`; its `detail` is "<code> detail" unless `extra`
 * says otherwise (so a test can tell the server's sentence from the app's own).
 */
export function problem(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json(
    { type: `urn:uplink:problem:${code}`, title: code, status, detail: `${code} detail`, code, ...extra },
    status,
  );
}
