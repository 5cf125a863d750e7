import { Badge } from '@/components/ui/badge';
import { CHANNEL_LABELS } from '../lib/rebate-filters';

/** How an order came to the partner: their referral code, their mini-store, or their own pavilion order. */
export function ChannelBadge({ channel }: { channel: string | null | undefined }) {
  if (!channel) return <span className="muted">—</span>;
  const tone = channel === 'pavilion' ? 'brand' : channel === 'ministore' ? 'success' : 'neutral';
  return <Badge tone={tone}>{CHANNEL_LABELS[channel] ?? channel}</Badge>;
}
