import { Badge } from '@/components/ui/badge';
import { labelText } from '../lib/labels';

export function LabelBadges({ labels, className }: { labels: readonly string[]; className?: string }) {
  if (!labels.length) return null;
  return (
    <ul className={['label-badges', className].filter(Boolean).join(' ')} aria-label="Labels">
      {labels.map((label) => (
        <li key={label}>
          <Badge tone="brand" title={label}>
            {labelText(label)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
