import { formatMegabytes } from '@/lib/bytes';
import type { PlanPreview } from '@/lib/resources/devices/types';
import { formatLongDay } from '@/lib/time-format';

/** What buying a plan does to a device, in words: the headline, and the 3-year cap when it applied. */
export interface PlanPreviewText {
  headline: string;
  cap: string | null;
}

/**
 * The stacking preview (SPEC §4.3) as sentences:
 * - no active plan: "Starts a new plan: 20 GB until 25 December 2026."
 * - a metered plan: "Carries 12 GB, new expiry 14 March 2028 (32 GB in all)."
 * - an unlimited plan renewed: "Adds to the Unlimited plan, new expiry 14 March 2028."
 */
export function planPreviewText(preview: Pick<PlanPreview, 'current' | 'result'>): PlanPreviewText {
  const { current, result } = preview;
  const until = formatLongDay(result.expires_at);
  let headline: string;
  if (!current) {
    const data = result.unlimited || result.allowance_mb == null ? 'unlimited data' : formatMegabytes(result.allowance_mb);
    headline = `Starts a new plan: ${data} until ${until}.`;
  } else if (result.unlimited || result.allowance_mb == null) {
    headline = `Adds to the Unlimited plan, new expiry ${until}.`;
  } else {
    headline = `Carries ${formatMegabytes(result.carried_mb ?? 0)}, new expiry ${until} (${formatMegabytes(result.allowance_mb)} in all).`;
  }
  const cap = result.capped
    ? `The 3-year cap shortened it: a device’s plan never runs past three years from today, so the new expiry is ${until}.`
    : null;
  return { headline, cap };
}

/** Said instead of a preview for a serial that isn't one of the customer's own devices. */
export const STACKING_NOTE = 'If this device already has a plan, the data and time are added to it.';

/** What to do next when a plan can't go on a device, by the preview's (or the cart's) refusal code. */
export const PLAN_NEXT_STEP: Readonly<Record<string, string>> = {
  plan_not_stackable: 'Choose a plan of the same kind, or buy this one once the current plan ends.',
  serial_not_eligible: 'Choose a plan that fits this device, or pick another device.',
};

const SAYS_WHAT_TO_DO = /\b(choose|pick|buy|check|try|wait)\b/i;

/** The server's sentence, followed by `next` unless it already says what to do. */
export function withNextStep(said: string, next: string): string {
  return SAYS_WHAT_TO_DO.test(said) ? said : `${said} ${next}`.trim();
}
