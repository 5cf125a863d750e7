import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatMoney } from '@/lib/money';
import { useAdminCoupon, useCreateCoupon, useSaveCoupon } from '../api/coupons';
import { useCatalogReference } from '../api/home';
import type { AdminCoupon } from '../api/types';
import { COUPON_FIELDS, couponFormValues, couponInputOf, type CouponFormValues, couponSchema, emptyCouponValues } from '../lib/coupon-form';
import { COUPON_TONE } from './coupons-page';

function CouponForm({ coupon }: { coupon?: AdminCoupon }) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateCoupon();
  const save = useSaveCoupon();
  const stores = useCatalogReference();
  const form = useForm<CouponFormValues>({ defaultValues: coupon ? couponFormValues(coupon) : emptyCouponValues(), resolver: zodResolver(couponSchema) });
  const { register, handleSubmit, setError, formState, control, reset } = form;
  const errors = formState.errors;
  const kind = useWatch({ control, name: 'kind' });
  const [failure, setFailure] = useState<string | null>(null);

  const onSave = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = couponInputOf(values);
      const saved = coupon ? await save.mutateAsync({ code: coupon.code, body }) : await create.mutateAsync({ ...body, code: values.code.trim() });
      toast.show({ message: `${saved.code} saved.`, tone: 'success' });
      reset(couponFormValues(saved));
      if (!coupon) void navigate(`/admin/coupons/${saved.code}`);
    } catch (error) {
      const problem = isApiProblem(error) ? error : null;
      const others: string[] = [];
      for (const e of problem?.errors ?? []) {
        const field = COUPON_FIELDS[e.field];
        if (field) setError(field, { type: 'server', message: e.message });
        else others.push(e.message);
      }
      setFailure(
        problem?.errors.length
          ? `Nothing was saved. Fix what is marked.${others.length ? ` ${others.join(' ')}` : ''}`
          : `Nothing was saved. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`,
      );
    }
  });

  return (
    <form noValidate className="product-form" onSubmit={(e) => void onSave(e)} aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}>
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <Card as="section" aria-labelledby="terms-h" className="admin-section">
        <h2 id="terms-h">Terms</h2>
        <div className="admin-grid">
          {!coupon && <Input label="Code" required hint="3–32 of A–Z, 0–9, “-” and “_”; never changes." error={errors.code?.message} {...register('code')} />}
          <Select
            label="Takes off"
            options={[
              { value: 'percent', label: 'A percentage' },
              { value: 'fixed', label: 'A fixed amount' },
            ]}
            error={errors.kind?.message}
            {...register('kind')}
          />
          {kind === 'percent' ? (
            <Input label="Percent" required inputMode="decimal" hint="e.g. 15 for 15 % off" error={errors.percent?.message} {...register('percent')} />
          ) : (
            <Input label="Amount (USD)" required inputMode="decimal" error={errors.amount?.message} {...register('amount')} />
          )}
          <Input label="Description shoppers read" error={errors.description?.message} {...register('description')} />
          <Input label="Valid from" type="datetime-local" hint="Empty: at once." error={errors.startsAt?.message} {...register('startsAt')} />
          <Input label="Valid until" type="datetime-local" hint="Empty: no end." error={errors.endsAt?.message} {...register('endsAt')} />
          <Input label="Minimum subtotal (USD)" inputMode="decimal" error={errors.minSubtotal?.message} {...register('minSubtotal')} />
          <Input label="Uses in all" inputMode="numeric" hint="Empty: unlimited." error={errors.maxUses?.message} {...register('maxUses')} />
          <Input label="Uses per customer" inputMode="numeric" hint="Empty: unlimited." error={errors.maxUsesPerCustomer?.message} {...register('maxUsesPerCustomer')} />
          <Select
            label="Store"
            options={[{ value: '', label: 'Every store' }, ...(stores.data?.stores ?? []).map((s) => ({ value: s.value, label: s.label }))]}
            error={errors.storeCode?.message}
            {...register('storeCode')}
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" {...register('active')} /> Active (untick to pause: shoppers are told it is not active)
        </label>
      </Card>
      <div className="admin-actions">
        <Button type="submit" size="lg" loading={formState.isSubmitting}>
          {coupon ? 'Save the coupon' : 'Create the coupon'}
        </Button>
      </div>
    </form>
  );
}

/** `/admin/coupons/new` and `/admin/coupons/:code`: a coupon's terms and its uses so far. */
export default function CouponEditorPage() {
  const { code } = useParams();
  const coupon = useAdminCoupon(code);
  if (code && coupon.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Loading the coupon…</span>
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (code && coupon.isError) return <StaffNotice role="admin" error={coupon.error} what="the coupon" onRetry={() => void coupon.refetch()} />;
  const c = code ? coupon.data : undefined;
  return (
    <div className="admin-page">
      <title>{`${c ? c.code : 'New coupon'} — Back office — Uplink`}</title>
      <p className="admin-back">
        <Link to="/admin/coupons">← Coupons</Link>
      </p>
      <h1 tabIndex={-1}>{c ? c.code : 'New coupon'}</h1>
      {c && (
        <p data-testid="coupon-usage">
          <Badge tone={COUPON_TONE[c.state] ?? 'neutral'}>{c.state.replace('_', ' ')}</Badge> Used on {c.times_used} order{c.times_used === 1 ? '' : 's'}
          {c.max_uses ? ` of ${c.max_uses} allowed` : ''}, taking {formatMoney(c.redeemed_cents)} off in all.
        </p>
      )}
      <CouponForm key={c?.code ?? 'new'} coupon={c} />
    </div>
  );
}
