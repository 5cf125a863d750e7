import { Link } from 'react-router';

const SHOP_LINKS = [
  { to: '/products', label: 'All products' },
  { to: '/categories', label: 'Categories' },
  { to: '/speedfusioncloud', label: 'SpeedFusion Cloud' },
  { to: '/quick-order', label: 'Quick order' },
];

const ACCOUNT_LINKS = [
  { to: '/account', label: 'Your account' },
  { to: '/order', label: 'Orders' },
  { to: '/account/quotation', label: 'Quotations' },
  { to: '/sn', label: 'Look up a serial number' },
];

export function MainFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            About Uplink
          </h2>
          <p>
            Uplink sells networking hardware, data plans, licences, cloud subscriptions and eSIM products to
            businesses, partners and individuals — in a global store and a US store.
          </p>
        </section>
        <nav className="site-footer__nav" aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="site-footer__heading">
            Shop
          </h2>
          <ul>
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-labelledby="footer-account">
          <h2 id="footer-account" className="site-footer__heading">
            Your account
          </h2>
          <ul>
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal container">
        <p>© {new Date().getFullYear()} Uplink. Prices in USD.</p>
      </div>
    </footer>
  );
}
