import { Link, useSearchParams } from 'react-router';
import { OrderDeliverables } from '@/components/order-deliverables';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { useOrder } from '@/lib/resources/orders/get-order';
import { LoadProblem, MobilePage } from '../components/page';

/** `/mobile/checkout-success?order=…`: the order placed from the app, and what it delivered. */
export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const number = params.get('order') ?? '';
  const order = useOrder(number);
  const fromPlans = params.get('cart') !== 'mobile-warranties';
  if (!number) {
    return (
      <MobilePage title="Order" back={{ to: '/mobile', label: 'Your devices' }}>
        <p>No order to show. Your orders are on your devices page once placed.</p>
      </MobilePage>
    );
  }
  return (
    <MobilePage title="Thank you — your order is placed">
      {order.isPending ? (
        <Skeleton height="8rem" />
      ) : order.isError ? (
        <LoadProblem what={`Order ${number}`} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <div className="m-alert m-alert--success" role="status">
            <p>
              Order <strong data-testid="order-number">{order.data.number}</strong>:{' '}
              {formatMoney(order.data.totals.total.cents, order.data.totals.total.currency)}
              {order.data.status === 'pending_payment' ? ', waiting for your payment.' : ', paid.'}
            </p>
            <p>{fromPlans ? 'Your plans are added to your devices and eSIMs below.' : 'Your devices’ new coverage is below.'}</p>
          </div>
          <OrderDeliverables order={order.data} />
        </>
      )}
      <Link className="ui-button ui-button--primary ui-button--lg ui-button--full" to="/mobile">
        Back to your devices
      </Link>
    </MobilePage>
  );
}
