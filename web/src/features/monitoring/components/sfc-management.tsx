import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PlanStackingPreview } from '@/components/plan-stacking-preview';
import { Select } from '@/components/ui/select';
import type { UsageItem, UsageSfc } from '../api/types';
import { autoRenewText, daysBetween, expiryText, stackingCandidates } from '../lib/present';

/**
 * "SFC Management" for a SpeedFusion Cloud subscription: when it expires, whether and how it
 * renews (changed in device management), and what stacking another plan on the device would do.
 */
export function SfcManagement({ item, sfc, today }: { item: UsageItem; sfc: UsageSfc; today: string }) {
  const id = useId();
  const candidates = stackingCandidates(item);
  const [sku, setSku] = useState(candidates[0]?.sku ?? item.sku);
  const [previewing, setPreviewing] = useState(false);
  const serial = item.serial;
  const daysLeft = daysBetween(today, sfc.expires_at);
  const manage = serial ? `/account/device-management?${new URLSearchParams({ serial }).toString()}` : '/account/device-management';
  return (
    <section className="usage-sfc" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="usage-card__subtitle">
        SFC Management
      </h3>
      <dl className="usage-facts usage-facts--compact">
        <div className="usage-facts__row">
          <dt>{daysLeft < 0 ? 'Expired' : 'Expires'}</dt>
          <dd>{expiryText(sfc.expires_at, today)}</dd>
        </div>
        <div className="usage-facts__row">
          <dt>Auto-renew</dt>
          <dd>{autoRenewText(sfc)}</dd>
        </div>
      </dl>
      {!sfc.auto_renew && daysLeft >= 0 && daysLeft <= 30 && (
        <p className="usage-sfc__hint">Turn on auto-renewal, or stack a plan below, so the connection doesn’t lapse.</p>
      )}
      <p>
        <Link to={manage}>
          {sfc.auto_renew ? 'Change auto-renewal' : 'Turn on auto-renewal'}
          {serial && <span className="visually-hidden"> for {serial}</span>}
        </Link>
      </p>
      {serial && (
        <details className="usage-sfc__preview" onToggle={(event) => setPreviewing(event.currentTarget.open)}>
          <summary>Preview stacking a plan on {serial}</summary>
          <div className="usage-sfc__preview-body">
            {candidates.length > 1 && (
              <Select
                label="Plan"
                options={candidates.map((plan) => ({ value: plan.sku, label: plan.name }))}
                value={sku}
                onChange={(event) => setSku(event.target.value)}
              />
            )}
            {candidates.length === 1 && <p>If you buy another {candidates[0]?.name}:</p>}
            <div aria-live="polite">
              {previewing && (
                <PlanStackingPreview
                  key={sku}
                  serial={serial}
                  sku={sku}
                  notFoundHint="Reload the page to see your current list."
                />
              )}
            </div>
            <p>
              <Link to="/speedfusioncloud">Compare every SpeedFusion Cloud plan</Link> to pick another size or term.
            </p>
          </div>
        </details>
      )}
    </section>
  );
}
