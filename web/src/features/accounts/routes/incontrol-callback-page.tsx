import { completeIncontrol } from '../api/complete-incontrol';
import { CallbackScreen } from '../components/callback-screen';

/** `/incontrol/callback`: InControl returns here; the API signs in with, or links, the InControl account (D28). */
export function IncontrolCallbackPage() {
  return (
    <CallbackScreen
      title="Connecting InControl"
      working="Connecting your InControl account…"
      complete={completeIncontrol}
      retry={{ to: '/account/settings', label: 'Back to your account settings' }}
    />
  );
}

export default IncontrolCallbackPage;
