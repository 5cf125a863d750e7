import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { PLAN_NEXT_STEP, planPreviewText, STACKING_NOTE, withNextStep } from '@/lib/plan-preview';
import { usePlanPreview } from '@/lib/resources/devices/get-plan-preview';
import './plan-stacking-preview.css';

export interface PlanStackingPreviewProps {
  /** One of the signed-in customer's own devices (the server answers 404 for anyone else's). */
  serial: string;
  /** The plan being considered, e.g. `SFC-100GB-1Y`. */
  sku: string;
  /** What to do when the device is no longer on the account (said after "… isn't on your account any more."). */
  notFoundHint?: string;
}

/**
 * What buying plan `sku` would do to device `serial` (SPEC §4.3), from
 * `GET /me/devices/{serial}/plan-preview`: the carried data and new expiry, the 3-year cap, or why
 * the plan can't go on the device with the next step. Used by the SpeedFusion Cloud page's buy
 * panel and by /monitoring's SFC management.
 */
export function PlanStackingPreview({ serial, sku, notFoundHint = 'Pick another device.' }: PlanStackingPreviewProps) {
  const preview = usePlanPreview(serial, sku);
  if (preview.isPending) {
    return <p className="stacking-note">Working out what this plan adds to {serial}…</p>;
  }
  if (preview.isError) {
    const error = preview.error;
    const code = isApiProblem(error) ? error.code : '';
    if (isApiProblem(error) && (code === 'plan_not_stackable' || code === 'serial_not_eligible')) {
      // The server's reason (the plan in the way, or why the model cannot take it) with the next step.
      const said = error.errors.find((e) => e.message)?.message ?? error.detail;
      return (
        <p className="stacking-note stacking-note--warning">
          {said ? withNextStep(said, PLAN_NEXT_STEP[code] ?? '') : messageForCode(code)}
        </p>
      );
    }
    if (code === 'not_found') {
      return (
        <p className="stacking-note stacking-note--warning">
          {serial} isn’t on your account any more. {notFoundHint}
        </p>
      );
    }
    return (
      <div className="stacking-note stacking-note--warning">
        <p>
          We couldn’t work out what this plan adds to {serial}. {STACKING_NOTE}
        </p>
        <Button variant="ghost" size="sm" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const text = planPreviewText(preview.data);
  return (
    <div className="stacking-note stacking-note--ok">
      <p className="stacking-note__headline">{text.headline}</p>
      {text.cap && <p>{text.cap}</p>}
    </div>
  );
}
