// Runs first in index.html (Vite bundles it ahead of the application's entry): on the catalogue's
// busiest pages the data, its main pictures and the page's code are requested now, beside the
// application's own start-up, instead of one after the other (entry → group → page → data →
// picture was the chain Lighthouse measured on a slow phone).
import { HOME_SHELVES, listingUrl, parseListing, toApiQuery } from '../lib/listing-params';
import { requestEarly } from './early-answers';
import { productUrl } from './get-product';
import type { ProductDetail, ProductPage } from './types';

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;

/** The first `count` card pictures of a listing answer. */
const cardPictures = (count: number) => (body: unknown) =>
  (body as ProductPage).items.slice(0, count).map((card) => card.image?.url);

function startEarly(pathname: string, search: string): void {
  // A `?store=` link enters another store first (the main group's store gate): answers asked for
  // now would be the old store's.
  if (new URLSearchParams(search).has('store')) return;
  const product = PRODUCT_PATH.exec(pathname)?.[1];
  if (product) {
    requestEarly(productUrl(decodeURIComponent(product)), (body) => [(body as ProductDetail).images[0]?.url]);
    // The same module the main screen group loads lazily for /products/:slug.
    import('../routes/product-page').catch(() => undefined);
  } else if (pathname === '/products' || pathname === '/products/') {
    requestEarly(listingUrl(toApiQuery(parseListing(new URLSearchParams(search)))), cardPictures(2));
    import('../routes/products-page').catch(() => undefined);
  } else if (pathname === '/') {
    requestEarly(listingUrl(HOME_SHELVES.featured), cardPictures(2));
    requestEarly(listingUrl(HOME_SHELVES.newest), () => []);
    requestEarly(listingUrl(HOME_SHELVES.cloud), () => []);
  }
}

try {
  startEarly(window.location.pathname, window.location.search);
} catch {
  // A malformed address (e.g. a bad %-escape): the page requests its data itself.
}
