// Runs first in index.html (Vite bundles it ahead of the application's entry): on a product
// page, the product's data and picture (product-prefetch.ts) and the page's code are requested
// now, beside the application's own start-up, instead of one after the other.
import { isProductPath, prefetchProduct } from './product-prefetch';

if (isProductPath(window.location.pathname)) {
  prefetchProduct();
  // The same module the main screen group loads lazily for /products/:slug.
  import('../routes/product-page').catch(() => undefined);
}
