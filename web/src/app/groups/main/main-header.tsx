import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { SearchAutocomplete } from '@/features/catalog/components/search-autocomplete';
import { AccountMenu } from './account-menu';

import { useCartCount } from '@/lib/resources/cart/get-cart';
import { accentStyle, MiniStoreBrand, MiniStoreStrip } from './mini-store-header';
import { StoreSwitcher } from './store-switcher';
import { useMiniStore } from '@/lib/resources/stores/use-mini-store';

/**
 * The store's header. In a partner mini-store it carries the partner's branding (name, logo,
 * accent colour) and, instead of the Global / US switch, the way back to the main Uplink store.
 */
export function MainHeader() {
  const count = useCartCount();
  const miniStore = useMiniStore();
  return (
    <header
      className={miniStore ? 'site-header site-header--ministore' : 'site-header'}
      style={miniStore ? accentStyle(miniStore.branding.accent_color) : undefined}
      data-testid={miniStore ? 'ministore-header' : undefined}
    >
      <div className="site-header__inner container">
        {miniStore ? <MiniStoreBrand store={miniStore} /> : <Logo />}
        <div className="site-header__search">
          <SearchAutocomplete />
        </div>
        <nav className="site-header__actions" aria-label="Shopping">
          {!miniStore && <StoreSwitcher />}
          <Link
            to="/cart"
            className="header-link header-link--cart"
            aria-label={count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
              <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
            </svg>
            <span>Cart</span>
            {count ? (
              <span className="header-cart-count" data-testid="cart-count" aria-hidden="true">
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </Link>
          <AccountMenu />
        </nav>
      </div>
      {miniStore && <MiniStoreStrip store={miniStore} />}
    </header>
  );
}
