import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatMegabytes } from '@/lib/bytes';
import type { UsageItem } from '../api/types';
import { DAILY_DAYS } from '../lib/daily';
import { hasNoDataYet, kindLabel, periodLeftText, periodText, runOutText, usageSubject, usedPercent } from '../lib/present';
import { AlertForm } from './alert-form';
import { DailyUsage } from './daily-usage';
import { SfcManagement } from './sfc-management';
import { TopUpButton } from './top-up-button';
import { UsageMeter } from './usage-meter';

/** The pool's member ICCIDs, folded away (a pool may have many). */
function PoolMembers({ members }: { members: readonly string[] }) {
  if (members.length === 0) return null;
  return (
    <details className="usage-card__members">
      <summary>Show the member eSIMs</summary>
      <ul>
        {members.map((iccid) => (
          <li key={iccid}>{iccid}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * One subscription, eSIM or data pool: what it is, allowance / used / remaining with a meter, the
 * period and the projected run-out, the last 30 days, the low-data alert, a top-up and, for
 * SpeedFusion Cloud plans, SFC management.
 */
export function UsageCard({ item, today }: { item: UsageItem; today: string }) {
  const id = useId();
  const noData = hasNoDataYet(item);
  const titleId = `${id}-title`;
  const subject = usageSubject(item);
  return (
    <article className="ui-card usage-card" aria-labelledby={titleId}>
      <header className="usage-card__head">
        <div className="usage-card__heading">
          <h2 id={titleId} className="usage-card__title">
            {item.name}
          </h2>
          <Badge tone="brand">{kindLabel(item.kind)}</Badge>
        </div>
        <p className="usage-card__subject">
          <span className="usage-card__subject-label">{subject.label}:</span>{' '}
          <span className="usage-card__subject-value">{subject.value}</span>
        </p>
        {item.kind === 'pool' && <PoolMembers members={item.members} />}
      </header>

      {noData ? (
        <div className="usage-card__no-data">
          <p>
            <strong>No data on this eSIM yet.</strong> Add a data bundle to get it online; its allowance and use show here
            once it is active.
          </p>
          {item.top_up && <TopUpButton item={item} topUp={item.top_up} label="Add a data bundle" />}
        </div>
      ) : (
        <UsageDetails item={item} today={today} id={id} />
      )}
    </article>
  );
}

/** Allowance, use, meter, period, run-out, daily use, the low-data alert and SFC management. */
function UsageDetails({ item, today, id }: { item: UsageItem; today: string; id: string }) {
  const runOut = runOutText(item, today);
  const left = periodLeftText(item, today);
  const percent = usedPercent(item);
  return (
    <>
      <div className="usage-card__body">
        <div className="usage-card__figures">
          <dl className="usage-facts usage-facts--figures">
            <div className="usage-facts__row">
              <dt>Allowance</dt>
              <dd>{item.unlimited || item.allowance_mb == null ? 'Unlimited' : formatMegabytes(item.allowance_mb)}</dd>
            </div>
            <div className="usage-facts__row">
              <dt>Used</dt>
              <dd>
                {formatMegabytes(item.used_mb)}
                {percent != null && <span className="usage-facts__aside"> ({percent}%)</span>}
              </dd>
            </div>
            <div className="usage-facts__row">
              <dt>Remaining</dt>
              <dd>{item.unlimited || item.remaining_mb == null ? 'Unlimited' : formatMegabytes(item.remaining_mb)}</dd>
            </div>
          </dl>
          <UsageMeter item={item} />
          <dl className="usage-facts usage-facts--compact">
            <div className="usage-facts__row">
              <dt>Period</dt>
              <dd>
                {periodText(item)}
                {left && <span className="usage-facts__aside"> · {left}</span>}
              </dd>
            </div>
          </dl>
          <p className={`usage-card__run-out usage-card__run-out--${runOut.tone}`}>{runOut.text}</p>
          {item.top_up && <TopUpButton item={item} topUp={item.top_up} />}
        </div>

        <section className="usage-card__daily" aria-labelledby={`${id}-daily`}>
          <h3 id={`${id}-daily`} className="usage-card__subtitle">
            Daily use, last {DAILY_DAYS} days
          </h3>
          <DailyUsage item={item} />
        </section>
      </div>

      {(!item.unlimited || item.sfc) && (
        <div className="usage-card__extras">
          {!item.unlimited && item.allowance_mb != null && <AlertForm item={item} />}
          {item.sfc && <SfcManagement item={item} sfc={item.sfc} today={today} />}
        </div>
      )}
    </>
  );
}
