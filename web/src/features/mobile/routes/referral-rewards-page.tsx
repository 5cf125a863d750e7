import { MobilePage } from '../components/page';

export default function Placeholder() {
  return (
    <MobilePage title="Rewards" back={{ to: '/mobile', label: 'Your devices' }}>
      <p>Loading…</p>
    </MobilePage>
  );
}
