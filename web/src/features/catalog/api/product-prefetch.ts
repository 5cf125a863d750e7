/**
 * The product page's data and picture, requested as the application starts (index.html runs
 * prefetch-entry.ts first), alongside the screen group's and the page's chunks instead of after
 * them, and the main picture (the page's largest contentful paint) preloaded as soon as the data
 * is in. `get-product.ts` takes the answer over once; any failure falls back to its own request.
 */
import type { ProductDetail } from './types';

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;

interface EarlyProduct {
  slug: string;
  response: Promise<Response | null>;
}

let early: EarlyProduct | undefined;

export function isProductPath(pathname: string): boolean {
  return PRODUCT_PATH.test(pathname);
}

function preloadImage(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** Starts the request for the product in the address bar, if it is a product page. */
export function prefetchProduct(pathname: string = window.location.pathname): void {
  const slug = PRODUCT_PATH.exec(pathname)?.[1];
  if (!slug || early) return;
  const response = fetch(`/api/v1/products/${slug}`, {
    headers: { Accept: 'application/json, application/problem+json' },
    credentials: 'include',
  }).then(
    (answer) => {
      if (answer.ok) {
        void answer
          .clone()
          .json()
          .then((product: ProductDetail) => {
            const first = product.images[0]?.url;
            if (first) preloadImage(first);
          })
          .catch(() => undefined);
      }
      return answer;
    },
    () => null,
  );
  early = { slug: decodeURIComponent(slug), response };
}

/** The early answer for `slug`, once (later reads go to the server as usual); null when none or not OK. */
export async function takeEarlyProduct(slug: string): Promise<ProductDetail | null> {
  if (!early || early.slug !== slug) return null;
  const { response } = early;
  early = undefined;
  const answer = await response;
  if (!answer?.ok) return null;
  try {
    return (await answer.json()) as ProductDetail;
  } catch {
    return null;
  }
}
