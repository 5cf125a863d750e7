import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import '../catalog.css';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '@/lib/money';
import { useSearchSuggestions } from '../api/get-search-suggestions';
import type { CategoryRef, Suggestion } from '../api/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ProductImage } from './product-image';

export const SUGGEST_DEBOUNCE_MS = 150;
const MIN_QUERY = 2;

type Option = { kind: 'product'; product: Suggestion } | { kind: 'category'; category: CategoryRef };

function optionHref(option: Option): string {
  return option.kind === 'product' ? `/products/${option.product.slug}` : `/categories/${option.category.slug}`;
}

/**
 * The header search box: a combobox (WAI-ARIA 1.2 list autocomplete) with product and category
 * suggestions. ↓/↑ move through them, Enter opens the highlighted one (or searches), Escape closes
 * the list (a second Escape clears the box).
 */
export function SearchAutocomplete() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const urlQuery = location.pathname === '/search' ? (params.get('q') ?? '') : null;
  const [query, setQuery] = useState(urlQuery ?? '');
  const [syncedUrlQuery, setSyncedUrlQuery] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  if (urlQuery !== syncedUrlQuery) {
    // Back/forward or a link changed the search: show it in the box.
    setSyncedUrlQuery(urlQuery);
    if (urlQuery !== null) setQuery(urlQuery);
  }

  const debounced = useDebouncedValue(query.trim(), SUGGEST_DEBOUNCE_MS);
  const { data, isError } = useSearchSuggestions(open ? debounced : '');
  const ready = open && query.trim().length >= MIN_QUERY && debounced.length >= MIN_QUERY;
  const options: Option[] =
    ready && data
      ? [
          ...data.items.map((product): Option => ({ kind: 'product', product })),
          ...data.categories.map((category): Option => ({ kind: 'category', category })),
        ]
      : [];
  const expanded = ready && (options.length > 0 || (data !== undefined && !isError));
  const activeOption = active >= 0 ? options[active] : undefined;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(option: Option) {
    close();
    setQuery('');
    void navigate(optionHref(option));
  }

  function search() {
    const q = query.trim();
    close();
    inputRef.current?.blur();
    void navigate(q ? `/search?q=${encodeURIComponent(q)}` : '/search');
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activeOption) choose(activeOption);
    else search();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  }

  const products = data?.items.length ?? 0;
  const status = !ready
    ? ''
    : options.length
      ? `${options.length} suggestion${options.length === 1 ? '' : 's'}. Use the up and down arrows to choose.`
      : 'No suggestions. Press Enter to search.';

  return (
    <form role="search" aria-label="Search the store" className="search-form" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search products
      </label>
      <div className="search-form__field">
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          className="search-form__input"
          placeholder="Search products, SKUs, plans…"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${listboxId}-${active}` : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <ul id={listboxId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={option.kind === 'product' ? option.product.sku : `category-${option.category.slug}`}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={[
                'search-suggestions__option',
                option.kind === 'category' && 'search-suggestions__option--category',
                index === products && products > 0 && 'search-suggestions__option--first-category',
              ]
                .filter(Boolean)
                .join(' ')}
              // Keep focus in the box so the click lands before blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
            >
              {option.kind === 'product' ? (
                <>
                  <ProductImage
                    src={option.product.image?.url}
                    alt=""
                    className="search-suggestions__image"
                    width={64}
                    height={48}
                  />
                  <span className="search-suggestions__text">
                    <span className="search-suggestions__name">{option.product.name}</span>
                    <span className="search-suggestions__sku">{option.product.sku}</span>
                  </span>
                  <span className="search-suggestions__price">
                    {option.product.price_from && <span className="search-suggestions__from">from </span>}
                    {formatMoney(option.product.price.cents, option.product.price.currency)}
                  </span>
                </>
              ) : (
                <>
                  <span className="search-suggestions__category-icon" aria-hidden="true">
                    ▦
                  </span>
                  <span className="search-suggestions__text">
                    <span className="search-suggestions__name">{option.category.name}</span>
                    <span className="search-suggestions__sku">Category</span>
                  </span>
                </>
              )}
            </li>
          ))}
          {expanded && options.length === 0 && (
            <li role="option" aria-selected={false} aria-disabled="true" className="search-suggestions__empty">
              No quick matches — press Enter to search all products.
            </li>
          )}
        </ul>
      </div>
      <button type="submit" className="search-form__button">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
