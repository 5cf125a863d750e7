import { Link } from 'react-router';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';

/** What happened when a product was put in one of the app's carts: a link to the cart, or the refusal. */
export function AddResult({ added, error, cartHref, name }: { added: boolean; error: unknown; cartHref: string; name: string }) {
  return (
    <div role="status" className={added || error ? '' : 'visually-hidden'}>
      {added && (
        <p className="m-alert m-alert--success">
          {name} is in your cart. <Link to={cartHref}>Go to the cart</Link>
        </p>
      )}
      {Boolean(error) && (
        <p className="m-alert m-alert--error">
          {isApiProblem(error) ? (error.errors.find((e) => e.message)?.message ?? error.detail ?? messageForProblem(error)) : 'It could not be added. Check your connection and try again.'}
        </p>
      )}
    </div>
  );
}
