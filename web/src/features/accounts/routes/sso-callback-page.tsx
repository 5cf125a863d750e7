import { completeSso } from '../api/complete-sso';
import { CallbackScreen } from '../components/callback-screen';

/** `/sso/callback`: the identity provider returns here; the API finishes the sign-in (D26). */
export function SsoCallbackPage() {
  return (
    <CallbackScreen
      title="Signing you in"
      working="Finishing your sign-in…"
      complete={completeSso}
      retry={{ to: '/login', label: 'Back to sign in' }}
    />
  );
}

export default SsoCallbackPage;
