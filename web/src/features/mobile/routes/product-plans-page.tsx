import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlanStackingPreview } from '@/components/plan-stacking-preview';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { useDevices } from '@/lib/resources/devices/get-devices';
import type { Device } from '@/lib/resources/devices/types';
import { mobileKeys, useAddToMobileCart, useMobileCart } from '../api/cart';
import { getEsimData, type ProductCard, type ProductDetail, useProducts, useSerialLookups } from '../api/eligibility';
import { type Esim, useMyEsims } from '../api/esims';
import { AddResult } from '../components/add-result';
import { CartLink } from '../components/cart-link';
import { chosenOptions, defaultOptions, OptionFields, pickableOptions } from '../components/option-fields';
import { LoadProblem, MobilePage } from '../components/page';
import { isDevicePlan } from '../lib/plans';

const PREVIEW_TYPES = new Set(['cloud', 'cloud-connect', 'cloud-unlimited']);

function deviceLabel(d: Pick<Device, 'name' | 'model' | 'serial'>) {
  return `${d.name || d.model.name} (${d.serial})`;
}

/** A plan with the device it goes on chosen on the card, and what it would do to that device. */
function DevicePlanCard({ product, detail, devices, preferred }: { product: ProductCard; detail: ProductDetail | undefined; devices: Device[]; preferred: string | null }) {
  const id = useId();
  const fields = pickableOptions(detail?.custom_options);
  const [values, setValues] = useState<Record<string, string>>(() => defaultOptions(fields));
  const [serial, setSerial] = useState(() => devices.find((d) => d.serial === preferred)?.serial ?? devices[0]?.serial ?? '');
  const add = useAddToMobileCart('mobile-plans');
  return (
    <li className="m-card" data-testid="plan-card" data-sku={product.sku}>
      <h3 className="m-card__title">{product.name}</h3>
      {product.summary && <p className="m-muted">{product.summary}</p>}
      <p className="m-price">{formatMoney(product.price.cents, product.price.currency)}</p>
      {devices.length > 1 ? (
        <div className="m-field">
          <label htmlFor={`${id}-device`}>Device</label>
          <select id={`${id}-device`} value={serial} onChange={(e) => { setSerial(e.target.value); add.reset(); }}>
            {devices.map((d) => (
              <option key={d.serial} value={d.serial}>
                {deviceLabel(d)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p>For {deviceLabel(devices[0]!)}</p>
      )}
      {PREVIEW_TYPES.has(product.type) && serial && <PlanStackingPreview serial={serial} sku={product.sku} notFoundHint="Choose another device." />}
      <OptionFields options={fields} values={values} onChange={(v) => { setValues(v); add.reset(); }} />
      <Button size="lg" fullWidth loading={add.isPending} onClick={() => add.mutate({ sku: product.sku, serials: [serial], options: chosenOptions(values) })}>
        Add to cart<span className="visually-hidden"> for {serial}</span>
      </Button>
      <AddResult added={add.isSuccess} error={add.error} cartHref="/mobile/product-plans/cart" name={product.name} />
    </li>
  );
}

/** eSIM data with the eSIM (ICCID) it tops up chosen on the card. */
function EsimDataCard({ product, detail, esims, preferred }: { product: ProductCard; detail: ProductDetail | undefined; esims: Esim[]; preferred: string | null }) {
  const id = useId();
  const fields = pickableOptions(detail?.custom_options);
  const [values, setValues] = useState<Record<string, string>>(() => defaultOptions(fields));
  const [iccid, setIccid] = useState(() => esims.find((e) => e.iccid === preferred)?.iccid ?? esims[0]?.iccid ?? '');
  const add = useAddToMobileCart('mobile-plans');
  return (
    <li className="m-card" data-testid="plan-card" data-sku={product.sku}>
      <h3 className="m-card__title">{product.name}</h3>
      {product.summary && <p className="m-muted">{product.summary}</p>}
      <p className="m-price">{formatMoney(product.price.cents, product.price.currency)}</p>
      <div className="m-field">
        <label htmlFor={`${id}-esim`}>eSIM</label>
        <select id={`${id}-esim`} value={iccid} onChange={(e) => { setIccid(e.target.value); add.reset(); }}>
          {esims.map((e) => (
            <option key={e.iccid} value={e.iccid}>
              {e.name} ({e.iccid})
            </option>
          ))}
        </select>
      </div>
      <OptionFields options={fields} values={values} onChange={(v) => { setValues(v); add.reset(); }} />
      <Button size="lg" fullWidth loading={add.isPending} onClick={() => add.mutate({ sku: product.sku, iccid, options: chosenOptions(values) })}>
        Add to cart<span className="visually-hidden"> for eSIM {iccid}</span>
      </Button>
      <AddResult added={add.isSuccess} error={add.error} cartHref="/mobile/product-plans/cart" name={product.name} />
    </li>
  );
}

/** `/mobile/product-plans`: the plans that fit the user's devices and eSIMs (SPEC §12). */
export default function ProductPlansPage() {
  const [params] = useSearchParams();
  const preferredSerial = params.get('serial');
  const preferredIccid = params.get('iccid');
  const devices = useDevices({});
  const esims = useMyEsims();
  const cart = useMobileCart('mobile-plans');
  const list = devices.data?.items ?? [];
  const lookups = useSerialLookups(list.map((d) => d.serial));
  const esimData = useQuery({
    queryKey: [...mobileKeys.all, 'esim-data'] as const,
    queryFn: ({ signal }) => getEsimData(signal),
    enabled: (esims.data?.items.length ?? 0) > 0,
    staleTime: 5 * 60_000,
  });

  // Each plan once, with the devices it fits (the preferred device's plans first).
  const plans = new Map<string, { product: ProductCard; devices: Device[] }>();
  lookups.forEach((q, i) => {
    const device = list[i];
    if (!device || !q.data) return;
    for (const p of q.data.eligible.filter(isDevicePlan)) {
      const entry = plans.get(p.sku) ?? { product: p, devices: [] };
      entry.devices.push(device);
      plans.set(p.sku, entry);
    }
  });
  const ordered = [...plans.values()].sort(
    (a, b) => Number(b.devices.some((d) => d.serial === preferredSerial)) - Number(a.devices.some((d) => d.serial === preferredSerial)),
  );
  const slugs = [...ordered.map((e) => e.product.slug), ...(esimData.data?.items ?? []).map((p) => p.slug)];
  const details = useProducts(slugs);
  const detailOf = (slug: string) => details[slugs.indexOf(slug)]?.data;
  const loading = devices.isPending || lookups.some((q) => q.isPending) || details.some((q) => q.isPending);
  const failed = devices.isError || lookups.some((q) => q.isError);
  const myEsims = esims.data?.items ?? [];

  return (
    <MobilePage title="Plans" back={{ to: '/mobile', label: 'Your devices' }} actions={<CartLink slot="mobile-plans" count={cart.data?.item_count} />}>
      <section aria-labelledby="m-device-plans" className="m-section">
        <h2 id="m-device-plans">For your devices</h2>
        {loading ? (
          <Skeleton height="8rem" />
        ) : failed ? (
          <LoadProblem
            what="Plans for your devices"
            onRetry={() => {
              void devices.refetch();
              lookups.forEach((q) => void q.refetch());
            }}
          />
        ) : list.length === 0 ? (
          <p>You have no devices yet, so there are no device plans to show.</p>
        ) : ordered.length === 0 ? (
          <p>No plans are sold for your devices in this store.</p>
        ) : (
          <ul className="m-list">
            {ordered.map(({ product, devices: fits }) => (
              <DevicePlanCard key={product.sku} product={product} detail={detailOf(product.slug)} devices={fits} preferred={preferredSerial} />
            ))}
          </ul>
        )}
      </section>
      {myEsims.length > 0 && (
        <section aria-labelledby="m-esim-data" className="m-section">
          <h2 id="m-esim-data">Data for your eSIMs</h2>
          {esimData.isPending ? (
            <Skeleton height="6rem" />
          ) : esimData.isError ? (
            <LoadProblem what="eSIM data" onRetry={() => void esimData.refetch()} />
          ) : esimData.data.items.length === 0 ? (
            <p>No eSIM data is sold in this store.</p>
          ) : (
            <ul className="m-list">
              {esimData.data.items.map((p) => (
                <EsimDataCard key={p.sku} product={p} detail={detailOf(p.slug)} esims={myEsims} preferred={preferredIccid} />
              ))}
            </ul>
          )}
        </section>
      )}
      <p>
        <Link to="/mobile/product-plans/cart">Go to the plans cart</Link>
      </p>
    </MobilePage>
  );
}
