import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { useProducts } from '../api/get-products';
import type { ProductCard, ProductType } from '../api/types';
import { Breadcrumbs } from '../components/breadcrumbs';
import { QueryError } from '../components/query-error';
import { StockBadge } from '../components/stock-badge';
import { DEFAULT_LISTING, toApiQuery } from '../lib/listing-params';
import '../catalog.css';

interface Family {
  type: ProductType;
  name: string;
  tagline: string;
  /** The same rows for every family, so the three columns compare line by line. */
  facts: { data: string; term: string; stacking: string; bestFor: string };
}

const FACT_NAMES = { data: 'Data', term: 'Term', stacking: 'Buying more', bestFor: 'Best for' } as const;

const FAMILIES: Family[] = [
  {
    type: 'cloud',
    name: 'SpeedFusion Cloud',
    tagline: 'Data plans for bonding and failover through our cloud.',
    facts: {
      data: 'A set allowance, e.g. 100 GB',
      term: 'Valid for the plan’s period, e.g. 1 year',
      stacking: 'Adds on top: unused data carries over, time is added',
      bestFor: 'Branch offices and vehicles with steady traffic',
    },
  },
  {
    type: 'cloud-connect',
    name: 'SpeedFusion Connect',
    tagline: '5G/LTE and Protect plans that keep sessions alive across links.',
    facts: {
      data: 'A set allowance per plan',
      term: 'Valid for the plan’s period',
      stacking: 'Adds on top, like SpeedFusion Cloud',
      bestFor: 'Cellular-first sites, video calls and payments',
    },
  },
  {
    type: 'cloud-unlimited',
    name: 'SpeedFusion Cloud Unlimited',
    tagline: 'No data counting: one price per term.',
    facts: {
      data: 'Unlimited',
      term: '1 year per plan',
      stacking: 'Renewals add a year; can’t combine with data plans',
      bestFor: 'Busy sites where usage is hard to predict',
    },
  },
];

const FAMILY_QUERY = (type: ProductType) =>
  toApiQuery({ ...DEFAULT_LISTING, type: [type], sort: 'price_asc', pageSize: 24 });

/** The device picker and stacking preview: its own chunk, loaded when a Buy button is first pressed. */
const PlanBuyPanel = lazy(() => import('../components/plan-buy-panel'));

function PlanRow({ product }: { product: ProductCard }) {
  const [open, setOpen] = useState(false);
  const panelId = `buy-${useId().replace(/:/g, '')}`;
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <li className={open ? 'plan-row plan-row--open' : 'plan-row'}>
      <span className="plan-row__name">
        <Link to={`/products/${product.slug}`}>{product.name}</Link>
        <span className="plan-row__sku">{product.sku}</span>
      </span>
      <span className="plan-row__price">{formatMoney(product.price.cents, product.price.currency)}</span>
      {product.stock_status === 'out_of_stock' && <StockBadge status={product.stock_status} type={product.type} />}
      <Button
        ref={button}
        size="sm"
        variant={open ? 'ghost' : 'secondary'}
        className="plan-row__buy"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? 'Close' : 'Buy'}
        <span className="visually-hidden"> {product.name}</span>
      </Button>
      {open && (
        <Suspense fallback={<p className="plan-buy plan-buy__note">Loading…</p>}>
          <PlanBuyPanel id={panelId} product={product} onClose={close} />
        </Suspense>
      )}
    </li>
  );
}

function FamilyColumn({ family }: { family: Family }) {
  const { data, error, refetch } = useProducts(FAMILY_QUERY(family.type));
  const cheapest = data?.items[0];
  return (
    <section className={`plan-family plan-family--${family.type}`} aria-labelledby={`family-${family.type}`}>
      <header className="plan-family__head">
        <h3 id={`family-${family.type}`} className="plan-family__name">
          {family.name}
        </h3>
        <p className="plan-family__tagline">{family.tagline}</p>
        <p className="plan-family__from">
          {cheapest ? (
            <>
              from <strong>{formatMoney(cheapest.price.cents, cheapest.price.currency)}</strong>
            </>
          ) : data ? (
            'Not sold in this store'
          ) : (
            <Skeleton width="40%" height="1.4rem" />
          )}
        </p>
      </header>
      <dl className="facts plan-family__facts">
        {(Object.keys(FACT_NAMES) as (keyof Family['facts'])[]).map((key) => (
          <div key={key} className="facts__row">
            <dt>{FACT_NAMES[key]}</dt>
            <dd>{family.facts[key]}</dd>
          </div>
        ))}
      </dl>
      <h4 className="plan-family__list-title">Plans{data ? ` (${data.total})` : ''}</h4>
      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} title="We couldn’t load these plans" />
      ) : data ? (
        data.items.length ? (
          <ul className="plan-family__plans">
            {data.items.map((product) => (
              <PlanRow key={product.sku} product={product} />
            ))}
          </ul>
        ) : (
          <p className="plan-family__empty">
            These plans aren’t sold in this store. Switch store at the top of the page to see them.
          </p>
        )
      ) : (
        <ul className="plan-family__plans" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <li key={index} className="plan-row" aria-hidden="true">
              <Skeleton width="70%" />
              <Skeleton width="20%" />
            </li>
          ))}
        </ul>
      )}
      <Link to={`/products?type=${family.type}`} className="ui-button ui-button--secondary plan-family__all">
        See all plans<span className="visually-hidden"> of {family.name}</span>
      </Link>
    </section>
  );
}

export function SpeedFusionCloudPage() {
  return (
    <div className="sfc">
      <title>SpeedFusion Cloud plans — Uplink</title>
      <section className="sfc__hero" aria-labelledby="sfc-title">
        <div className="container">
          <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'SpeedFusion Cloud' }]} />
          <p className="sfc__eyebrow">SpeedFusion Cloud</p>
          <h1 id="sfc-title" className="sfc__title">
            One connection out of every link you have
          </h1>
          <p className="sfc__lead">
            SpeedFusion Cloud bonds your router’s WAN links — fibre, 5G, LTE, Starlink — through our cloud, so traffic
            keeps flowing when one of them drops. You buy it as a plan for a device: pick a family below, then the size
            that fits.
          </p>
        </div>
      </section>

      <div className="container">
        <section aria-labelledby="compare-title" className="sfc__section">
          <h2 id="compare-title" className="sfc__section-title">
            Compare the three plan families
          </h2>
          <div className="plan-families">
            {FAMILIES.map((family) => (
              <FamilyColumn key={family.type} family={family} />
            ))}
          </div>
        </section>

        <section aria-labelledby="stacking-title" className="sfc__section sfc__rules">
          <h2 id="stacking-title" className="sfc__section-title">
            How plans add up
          </h2>
          <ol className="rules">
            <li>
              <h3>Buying a data plan while one is active adds to it</h3>
              <p>
                The data you haven’t used carries over, and the new plan’s time is added after the current expiry date —
                you never lose what you paid for.
              </p>
            </li>
            <li>
              <h3>Three years ahead at most</h3>
              <p>
                However many plans you stack, a device’s plan never runs more than three years from today. We tell you
                before you buy if a plan would go past that limit.
              </p>
            </li>
            <li>
              <h3>Unlimited doesn’t mix with data plans</h3>
              <p>
                An Unlimited plan can’t be added on top of an active data plan, or the other way round — wait until the
                active plan ends. Renewing an Unlimited plan early is fine: the new year starts when the current one
                ends (up to the same three years).
              </p>
            </li>
          </ol>
          <div className="example">
            <h3 className="example__title">Example</h3>
            <p>
              A router has 20 GB left on a plan that ends on 30 June. You buy a 100 GB plan valid for one year: the router
              now has 120 GB, valid until 30 June next year.
            </p>
          </div>
        </section>

        <section aria-labelledby="device-title" className="sfc__section sfc__device">
          <h2 id="device-title" className="sfc__section-title">
            Not sure which plans fit your device?
          </h2>
          <p>Enter its serial number and we’ll show the plans, licences and warranties it can use.</p>
          <Link to="/sn" className="ui-button ui-button--primary">
            Look up a serial number
          </Link>
        </section>
      </div>
    </div>
  );
}

export default SpeedFusionCloudPage;
