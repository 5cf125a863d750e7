import type { UsageItem } from '../api/types';
import { meterText, meterTone, usedPercent } from '../lib/present';

/**
 * How much of the allowance is used: a bar with the meter role (value, range and a spoken text),
 * amber from 75% and red from 90%. Unlimited items have no meter.
 */
export function UsageMeter({ item }: { item: UsageItem }) {
  const percent = usedPercent(item);
  if (percent == null || item.allowance_mb == null) return null;
  const tone = meterTone(item);
  return (
    <div
      className={`usage-meter usage-meter--${tone}`}
      role="meter"
      aria-label="Data used"
      aria-valuemin={0}
      aria-valuemax={item.allowance_mb}
      aria-valuenow={Math.min(item.used_mb, item.allowance_mb)}
      aria-valuetext={meterText(item)}
    >
      <span className="usage-meter__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
