import { Link } from 'react-router';

/** Where to buy something whose usage shows here (demo catalogue categories, SPEC §4.1). */
const SHOP_LINKS = [
  {
    to: '/speedfusioncloud',
    label: 'SpeedFusion Cloud plans',
    text: 'Data plans for bonding and failover on your router.',
  },
  { to: '/categories/esim-data-bundles', label: 'eSIM data bundles', text: 'Data for one of your eSIMs.' },
  { to: '/categories/esim-data-pools', label: 'Data pools', text: 'One allowance shared by a fleet of eSIMs.' },
  {
    to: '/categories/data-plan-license',
    label: 'Data plan licences',
    text: 'Embedded data plans for devices with built-in cellular.',
  },
  {
    to: '/categories/esim-profiles',
    label: 'eSIM profiles',
    text: 'No eSIM yet? Get one first, then add a data bundle.',
  },
] as const;

/** Signed in, nothing recorded yet: what to buy for usage to show here, with links to the catalogue. */
export function NothingToMonitor() {
  return (
    <section className="ui-card ui-card--padded empty-state" aria-labelledby="monitoring-empty">
      <h2 id="monitoring-empty" className="empty-state__title">
        Nothing to monitor yet
      </h2>
      <p className="empty-state__text">
        Usage shows here for SpeedFusion Cloud plans, eSIM data bundles, data pools and data plan licences. Buy one and its
        allowance, daily use and projected run-out date appear on this page.
      </p>
      <ul className="usage-shop">
        {SHOP_LINKS.map((link) => (
          <li key={link.to} className="usage-shop__item">
            <Link to={link.to} className="usage-shop__link">
              {link.label}
            </Link>
            <span className="usage-shop__text">{link.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
