/**
 * Catalogue answers requested as the application starts (index.html runs prefetch-entry.ts
 * first), beside the screen group's and the page's chunks instead of after them, with the
 * page's main pictures (its largest contentful paint) preloaded as soon as the data is in.
 * The page's query takes an answer over once by its URL; any failure falls back to its own
 * request.
 */

const early = new Map<string, Promise<Response | null>>();

function preloadImage(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** Starts a GET of `url` now; `pictures` names the images in the answer worth preloading. */
export function requestEarly(url: string, pictures: (body: unknown) => Array<string | undefined>): void {
  if (early.has(url)) return;
  const response = fetch(url, {
    headers: { Accept: 'application/json, application/problem+json' },
    credentials: 'include',
  }).then(
    (answer) => {
      if (answer.ok) {
        void answer
          .clone()
          .json()
          .then((body: unknown) => {
            for (const picture of pictures(body)) if (picture) preloadImage(picture);
          })
          .catch(() => undefined);
      }
      return answer;
    },
    () => null,
  );
  early.set(url, response);
}

/** The early answer for `url`, once (later reads go to the server as usual); null when none or not OK. */
export async function takeEarly<T>(url: string): Promise<T | null> {
  const response = early.get(url);
  if (!response) return null;
  early.delete(url);
  const answer = await response;
  if (!answer?.ok) return null;
  try {
    return (await answer.json()) as T;
  } catch {
    return null;
  }
}
