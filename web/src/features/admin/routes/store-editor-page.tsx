import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useAdminStore, useAdminStores, useCreateStore, useSaveStore, useSaveStoreSelection, useStoreSelection } from '../api/stores';
import type { AdminStore, AdminStoreList } from '../api/types';
import { MediaUpload } from '../components/media-upload';
import {
  emptyStoreValues,
  isMiniStore,
  PAYMENT_METHODS,
  REGIONS,
  SHIPPING_METHODS,
  STORE_KINDS,
  storeFieldOf,
  type StoreFormValues,
  storeFormValues,
  storeInputOf,
  storeSchema,
} from '../lib/store-form';

function Selection({ store }: { store: AdminStore }) {
  const selection = useStoreSelection(store.code, true);
  const save = useSaveStoreSelection(store.code);
  const toast = useToast();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = text ?? (selection.data?.skus.join('\n') ?? '');
  return (
    <Card as="section" aria-labelledby="sel-h" className="admin-section">
      <h2 id="sel-h">Catalogue selection</h2>
      {selection.isPending ? (
        <Skeleton height="6rem" />
      ) : (
        <>
          <Textarea
            label="SKUs this store sells"
            hint="One SKU per line. Products not listed are not sold here."
            rows={8}
            value={value}
            error={error ?? undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            variant="secondary"
            loading={save.isPending}
            onClick={() => {
              setError(null);
              const skus = value
                .split(/[\s,]+/)
                .map((s) => s.trim().toUpperCase())
                .filter(Boolean);
              save.mutate(
                { skus },
                {
                  onSuccess: (s) => {
                    setText(null);
                    toast.show({ message: `Selection saved: ${s.skus.length} products.`, tone: 'success' });
                  },
                  onError: (err) => {
                    const problem = isApiProblem(err) ? err : null;
                    const bad = problem?.errors.map((e) => {
                      const i = /\[(\d+)\]/.exec(e.field)?.[1];
                      return i !== undefined ? `${skus[Number(i)]}: ${e.message}` : e.message;
                    });
                    setError(bad?.length ? bad.join(' ') : problem ? (problem.detail ?? messageForProblem(problem)) : 'Not saved. Try again.');
                  },
                },
              );
            }}
          >
            Save the selection
          </Button>
        </>
      )}
    </Card>
  );
}

function StoreForm({ store, partners }: { store?: AdminStore; partners: AdminStoreList['partners'] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateStore();
  const saveStore = useSaveStore(store?.code ?? '');
  const form = useForm<StoreFormValues>({ defaultValues: store ? storeFormValues(store) : emptyStoreValues(), resolver: zodResolver(storeSchema) });
  const { register, handleSubmit, setError, formState, control, setValue, getValues, reset } = form;
  const errors = formState.errors;
  const [kind, logoUrl, paymentMethods, shippingMethods] = useWatch({ control, name: ['kind', 'logoUrl', 'paymentMethods', 'shippingMethods'] });
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const mini = isMiniStore(kind);
  const toggle = (name: 'paymentMethods' | 'shippingMethods', value: string) => {
    const current = getValues(name);
    setValue(name, current.includes(value) ? current.filter((v) => v !== value) : [...current, value], { shouldDirty: true });
  };

  const onSave = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const input = storeInputOf(values, store);
      const saved = store ? await saveStore.mutateAsync({ ...input, version: store.version }) : await create.mutateAsync({ ...input, code: values.code.trim() });
      toast.show({ message: `${saved.display_name} saved.`, tone: 'success' });
      reset(storeFormValues(saved));
      if (!store) void navigate(`/admin/stores/${saved.code}`);
    } catch (error) {
      const problem = isApiProblem(error) ? error : null;
      if (problem?.code === 'version_conflict') return setConflict(true);
      const others: string[] = [];
      for (const e of problem?.errors ?? []) {
        const field = storeFieldOf(e);
        if (field) setError(field, { type: 'server', message: e.message });
        else others.push(`${e.field}: ${e.message}`);
      }
      setFailure(
        problem?.errors.length
          ? `Nothing was saved. Fix what is marked.${others.length ? ` ${others.join(' ')}` : ''}`
          : `Nothing was saved. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`,
      );
    }
  });

  return (
    <form noValidate className="product-form" onSubmit={(e) => void onSave(e)} aria-label={store ? `Edit ${store.display_name}` : 'New store'}>
      {conflict && (
        <div className="form-alert form-alert--error" role="alert" data-testid="version-conflict">
          <p>
            <strong>Someone else saved this store while you were editing it.</strong> Your changes were not saved. Reload it, then make your change
            again.
          </p>
          <Button onClick={() => window.location.reload()}>Reload the store</Button>
        </div>
      )}
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <Card as="section" aria-labelledby="store-basics-h" className="admin-section">
        <h2 id="store-basics-h">Store</h2>
        <div className="admin-grid">
          {!store && <Input label="Code" required hint="2–32 of a–z, 0–9 and “-”; never changes." error={errors.code?.message} {...register('code')} />}
          <Select label="Kind" options={STORE_KINDS.map((k) => ({ value: k, label: k }))} error={errors.kind?.message} {...register('kind')} />
          <Select label="Region" options={REGIONS.map((r) => ({ value: r, label: r }))} error={errors.region?.message} {...register('region')} />
          <Input label="Internal name" required error={errors.name?.message} {...register('name')} />
          <Select
            label="Catalogue"
            options={[
              { value: 'all', label: 'Every product' },
              { value: 'selected', label: 'A selection of products' },
            ]}
            error={errors.catalogue?.message}
            {...register('catalogue')}
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" {...register('active')} /> Open to shoppers
        </label>
        <label className="admin-check">
          <input type="checkbox" {...register('isDefault')} /> The default store (where visitors land; moves the default here)
        </label>
        {errors.isDefault?.message && <p className="ui-field__error">{errors.isDefault.message}</p>}
      </Card>
      <Card as="section" aria-labelledby="brand-h" className="admin-section">
        <h2 id="brand-h">Branding</h2>
        <div className="admin-grid">
          <Input label="Name shoppers see" required error={errors.displayName?.message} {...register('displayName')} />
          <Input label="Tagline" error={errors.tagline?.message} {...register('tagline')} />
          <Input label="Accent colour" hint="#rrggbb" error={errors.accentColor?.message} {...register('accentColor')} />
        </div>
        {logoUrl && <img className="product-thumb" src={logoUrl} alt="The current logo" />}
        <MediaUpload
          purpose="image"
          label="Logo"
          hint="PNG, JPEG or WebP, up to 5 MB."
          onUploaded={(m) => {
            setValue('logoMedia', m.key, { shouldDirty: true });
            setValue('logoUrl', m.url);
          }}
        />
        {errors.logoMedia?.message && <p className="ui-field__error">{errors.logoMedia.message}</p>}
      </Card>
      <Card as="section" aria-labelledby="pay-h" className="admin-section">
        <h2 id="pay-h">Payment and shipping</h2>
        <fieldset className="admin-checks">
          <legend>Payment methods</legend>
          {PAYMENT_METHODS.map((m) => (
            <label key={m.value}>
              <input type="checkbox" checked={paymentMethods.includes(m.value)} onChange={() => toggle('paymentMethods', m.value)} /> {m.label}
            </label>
          ))}
          {errors.paymentMethods?.message && <p className="ui-field__error">{errors.paymentMethods.message}</p>}
        </fieldset>
        <fieldset className="admin-checks">
          <legend>Shipping options</legend>
          {SHIPPING_METHODS.map((m) => (
            <label key={m.value}>
              <input type="checkbox" checked={shippingMethods.includes(m.value)} onChange={() => toggle('shippingMethods', m.value)} /> {m.label}
            </label>
          ))}
          {errors.shippingMethods?.message && <p className="ui-field__error">{errors.shippingMethods.message}</p>}
        </fieldset>
      </Card>
      {mini && (
        <Card as="section" aria-labelledby="mini-h" className="admin-section">
          <h2 id="mini-h">Mini-store</h2>
          <div className="admin-grid">
            <Select
              label="Partner"
              options={[{ value: '', label: 'Choose the partner' }, ...partners.map((p) => ({ value: p.id, label: p.email ? `${p.name} (${p.email})` : p.name }))]}
              error={errors.partnerId?.message}
              {...register('partnerId')}
            />
            <Input label="Store key" hint="In ?store=KEY: 4–40 of a–z, 0–9 and “-”." error={errors.storeKey?.message} {...register('storeKey')} />
            <Input label="Price floor (%)" hint="The lowest price the partner may set, as a share of the eStore price." error={errors.priceFloor?.message} {...register('priceFloor')} />
          </div>
        </Card>
      )}
      <div className="admin-actions">
        <Button type="submit" size="lg" loading={formState.isSubmitting}>
          {store ? 'Save the store' : 'Create the store'}
        </Button>
        {store && (
          <a href={store.storefront_path} className="muted">
            Open the store
          </a>
        )}
        {formState.isDirty && (
          <Button
            variant="ghost"
            onClick={() => reset()}
          >
            Undo changes
          </Button>
        )}
      </div>
    </form>
  );
}

/** `/admin/stores/new` and `/admin/stores/:code`: a store's kind, region, branding, catalogue, payment and shipping. */
export default function StoreEditorPage() {
  const { code } = useParams();
  const stores = useAdminStores();
  const store = useAdminStore(code);
  if (stores.isPending || (code && store.isPending)) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Loading the store…</span>
        <Skeleton height="20rem" />
      </div>
    );
  }
  if (stores.isError) return <StaffNotice role="admin" error={stores.error} what="stores" onRetry={() => void stores.refetch()} />;
  if (code && store.isError) return <StaffNotice role="admin" error={store.error} what="the store" onRetry={() => void store.refetch()} />;
  const current = code ? store.data : undefined;
  return (
    <div className="admin-page">
      <title>{`${current ? current.display_name : 'New store'} — Back office — Uplink`}</title>
      <p className="admin-back">
        <Link to="/admin/stores">← Stores</Link>
      </p>
      <h1 tabIndex={-1}>{current ? current.display_name : 'New store'}</h1>
      <StoreForm key={current?.code ?? 'new'} store={current} partners={stores.data.partners} />
      {current && current.catalogue === 'selected' && <Selection store={current} />}
    </div>
  );
}
