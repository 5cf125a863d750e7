import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { useDevices } from '@/lib/resources/devices/get-devices';
import type { Device } from '@/lib/resources/devices/types';
import { formatDay } from '@/lib/time-format';
import { useAddToMobileCart, useMobileCart } from '../api/cart';
import { type ProductCard, type ProductDetail, useProducts, useSerialLookups } from '../api/eligibility';
import { AddResult } from '../components/add-result';
import { CartLink } from '../components/cart-link';
import { chosenOptions, defaultOptions, OptionFields, pickableOptions } from '../components/option-fields';
import { LoadProblem, MobilePage } from '../components/page';
import { newCoverage } from '../lib/coverage';
import { isCareProduct } from '../lib/plans';

const STATE_TEXT: Record<string, string> = {
  active: 'Covered until',
  expiring: 'Coverage ends soon:',
  grace: 'Coverage ended on',
  expired: 'Coverage ended on',
};
const URGENCY: Record<string, number> = { grace: 0, expiring: 1, expired: 2, active: 3 };

function CareOption({ device, product, detail, today }: { device: Device; product: ProductCard; detail: ProductDetail | undefined; today: Date }) {
  const add = useAddToMobileCart('mobile-warranties');
  const termMonths = detail?.term_months ?? null;
  const coverage = termMonths ? newCoverage(device.warranty_ends_at, termMonths, today) : null;
  const fields = pickableOptions(detail?.custom_options);
  const [values, setValues] = useState<Record<string, string>>(() => defaultOptions(fields));
  return (
    <li className="m-option" data-testid="care-option" data-sku={product.sku}>
      <div>
        <strong>{product.name}</strong> · {formatMoney(product.price.cents, product.price.currency)}
      </div>
      {coverage ? (
        <p data-testid="new-coverage">
          New coverage end: <strong>{formatDay(coverage.ends)}</strong>
          <span className="m-muted">
            {coverage.continuous ? ` (continues from ${formatDay(coverage.starts)}, no gap)` : ` (starts on the day you buy, ${formatDay(coverage.starts)})`}
          </span>
        </p>
      ) : (
        <p className="m-muted">The new coverage end is shown on the order once it is placed.</p>
      )}
      <OptionFields options={fields} values={values} onChange={(v) => { setValues(v); add.reset(); }} />
      <Button size="lg" fullWidth loading={add.isPending} onClick={() => add.mutate({ sku: product.sku, serials: [device.serial], options: chosenOptions(values) })}>
        Add to cart<span className="visually-hidden"> for {device.serial}</span>
      </Button>
      <AddResult added={add.isSuccess} error={add.error} cartHref="/mobile/warranties/cart" name={product.name} />
    </li>
  );
}

/** `/mobile/warranties`: warranty and care products for each of the user's devices, with the coverage they give. */
export default function WarrantiesPage() {
  const [params] = useSearchParams();
  const preferred = params.get('serial');
  const [today] = useState(() => new Date());
  const devices = useDevices({});
  const cart = useMobileCart('mobile-warranties');
  const list = [...(devices.data?.items ?? [])].sort(
    (a, b) =>
      Number(b.serial === preferred) - Number(a.serial === preferred) ||
      (URGENCY[a.warranty_state] ?? 9) - (URGENCY[b.warranty_state] ?? 9),
  );
  const lookups = useSerialLookups(list.map((d) => d.serial));
  const care = new Map<string, ProductCard[]>();
  lookups.forEach((q, i) => {
    const d = list[i];
    if (d && q.data) care.set(d.serial, q.data.eligible.filter(isCareProduct));
  });
  const slugs = [...new Set([...care.values()].flat().map((p) => p.slug))];
  const details = useProducts(slugs);
  const detailOf = (slug: string) => details[slugs.indexOf(slug)]?.data;
  const loading = devices.isPending || lookups.some((q) => q.isPending) || details.some((q) => q.isPending);
  const failed = devices.isError || lookups.some((q) => q.isError);

  return (
    <MobilePage title="Warranties" back={{ to: '/mobile', label: 'Your devices' }} actions={<CartLink slot="mobile-warranties" count={cart.data?.item_count} />}>
      {loading ? (
        <Skeleton height="10rem" />
      ) : failed ? (
        <LoadProblem
          what="Warranties for your devices"
          onRetry={() => {
            void devices.refetch();
            lookups.forEach((q) => void q.refetch());
          }}
        />
      ) : list.length === 0 ? (
        <p>You have no devices yet, so there is no coverage to extend.</p>
      ) : (
        <ul className="m-list">
          {list.map((d) => {
            const options = care.get(d.serial) ?? [];
            return (
              <li key={d.serial} className="m-card" data-testid="warranty-device" data-serial={d.serial}>
                <h2 className="m-card__title">{d.name || d.model.name}</h2>
                <p className="m-muted">
                  {d.model.name} · {d.serial}
                </p>
                <p>
                  {STATE_TEXT[d.warranty_state] ?? 'Covered until'} <strong>{formatDay(d.warranty_ends_at)}</strong>
                  {d.warranty_state === 'grace' && ' — renew within 30 days of the end and the new coverage continues without a gap.'}
                </p>
                {options.length === 0 ? (
                  <p>No warranty or care plan is sold for this device in this store.</p>
                ) : (
                  <ul className="m-options">
                    {options.map((p) => (
                      <CareOption key={p.sku} device={d} product={p} detail={detailOf(p.slug)} today={today} />
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </MobilePage>
  );
}
