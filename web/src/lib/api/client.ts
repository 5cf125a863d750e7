import createClient, { type Middleware } from 'openapi-fetch';
import { ApiProblem } from './api-problem';
import type { paths } from './schema';

/** The readable cookie that carries the session's CSRF token (D21). */
export const CSRF_COOKIE = 'uplink_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The current session's CSRF token from its cookie, or undefined for guests. */
export function readCsrfToken(cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const jsonHeaders: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json, application/problem+json');
    // Cookie sessions must echo their CSRF token on every mutation (else 403 `csrf_failed`).
    if (!SAFE_METHODS.has(request.method)) {
      const token = readCsrfToken();
      if (token && !request.headers.has('X-CSRF-Token')) request.headers.set('X-CSRF-Token', token);
    }
    return request;
  },
};

/**
 * Typed client over the generated OpenAPI `paths`: same origin, cookies included, JSON.
 * Prefer `unwrap(api.GET('/api/v1/…'))`, which returns the data or throws an ApiProblem.
 */
export const api = createClient<paths>({
  // Same origin, spelled out (relative URLs can't build a Request outside a browser, e.g. in tests),
  // and `fetch` looked up per call so tests can stub it.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  credentials: 'include',
  fetch: (request) => globalThis.fetch(request),
});
/** Reads a cookie the page may see (e.g. `uplink_csrf`). */
export function readCookie(name: string, cookie = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Cookie sessions must echo their CSRF token on every mutating request (D21). */
const csrfHeader: Middleware = {
  onRequest({ request }) {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      const token = readCookie('uplink_csrf');
      if (token) request.headers.set('X-CSRF-Token', token);
    }
    return request;
  },
};

api.use(jsonHeaders);
api.use(csrfHeader);

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Resolves to the response data, or rejects with an ApiProblem (network failures included). */
export async function unwrap<T>(request: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await request;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiProblem.network(cause);
  }
  const { data, error, response } = result;
  if (!response.ok || error !== undefined) throw ApiProblem.fromBody(response.status, error);
  return data as T;
}
