import { ApiProblem } from '@/lib/api/api-problem';

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** Builds `path?query` with repeated keys for arrays and without empty values. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** GET JSON from the API; rejects with an ApiProblem (network failures included). */
export async function getJson<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      credentials: 'include',
      headers: { Accept: 'application/json, application/problem+json' },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiProblem.network(cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw ApiProblem.fromBody(response.status, body);
  return body as T;
}
