import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@/lib/money';
import { searchSuggestionsQueryOptions } from '../api/get-search-suggestions';
import type { Suggestion } from '../api/types';
import { ProductImage } from './product-image';

/** The query, then each of its longer words: the closest things the store has. */
export function nearestQueries(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word.length >= 3);
  return [...new Set([q.trim().toLowerCase(), ...words])].filter(Boolean).slice(0, 4);
}

export function NearestMatches({ q, limit = 4 }: { q: string; limit?: number }) {
  const results = useQueries({
    queries: nearestQueries(q).map((query) => ({ ...searchSuggestionsQueryOptions(query), retry: false })),
  });
  const seen = new Set<string>();
  const matches: Suggestion[] = [];
  for (const result of results)
    for (const suggestion of result.data?.items ?? [])
      if (!seen.has(suggestion.sku) && matches.length < limit) {
        seen.add(suggestion.sku);
        matches.push(suggestion);
      }
  if (!matches.length) return null;
  return (
    <section aria-labelledby="nearest-title" className="nearest">
      <h2 id="nearest-title" className="nearest__title">
        Closest matches
      </h2>
      <ul className="nearest__list">
        {matches.map((match) => (
          <li key={match.sku} className="nearest__item">
            <ProductImage src={match.image?.url} alt="" className="nearest__image" width={96} height={72} />
            <span className="nearest__text">
              <Link to={`/products/${match.slug}`} className="nearest__link">
                {match.name}
              </Link>
              <span className="nearest__sku">{match.sku}</span>
            </span>
            <span className="nearest__price">{match.price_from ? 'from ' : ''}
              {formatMoney(match.price.cents, match.price.currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
