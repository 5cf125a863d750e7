import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { PartnerOnly } from '@/components/partner-only';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useMiniStore } from '../api/get-mini-store';
import type { MiniStoreDetail } from '../api/types';
import { useUpdateMiniStore } from '../api/update-mini-store';
import { AddProduct } from '../components/add-product';
import { HeaderPreview } from '../components/header-preview';
import { type ChosenLogo, LogoField } from '../components/logo-field';
import { PartnerNotice } from '../components/partner-notice';
import { ProductRows } from '../components/product-rows';
import { StoreStatus } from '../components/store-status';
import { editorSchema, type EditorValues, editorValuesOf, mapServerErrors, typedOf, updateOf } from '../lib/editor-schema';
import '../partners.css';

function Editor({ store }: { store: MiniStoreDetail }) {
  const update = useUpdateMiniStore(store.key);
  const form = useForm<EditorValues>({
    defaultValues: editorValuesOf(store),
    resolver: zodResolver(editorSchema(store.currency)),
    shouldFocusError: true,
  });
  const { control, register, handleSubmit, setError, reset, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const [displayName, tagline, accentColor] = useWatch({ control, name: ['displayName', 'tagline', 'accentColor'] });
  const [logo, setLogo] = useState<ChosenLogo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const failureRef = useRef<HTMLDivElement>(null);
  const errors = formState.errors;

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSave = handleSubmit(
    (values) => {
      setFailure(null);
      setLogoError(null);
      setAnnouncement('');
      update.mutate(updateOf(values, logo ? { data_base64: logo.data_base64, file_name: logo.file_name } : null), {
        onSuccess: (next) => {
          reset(editorValuesOf(next));
          setLogo(null);
          setAnnouncement('Saved. Your store shows the changes now.');
        },
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          const mapped = mapServerErrors(problem?.errors ?? [], values.products.length);
          const others: string[] = [];
          let first: string | null = null;
          for (const m of mapped) {
            if (m.target === 'field') {
              setError(m.name as FieldPath<EditorValues>, { type: 'server', message: m.message });
              first ??= m.name;
            } else if (m.target === 'logo') setLogoError(m.message);
            else others.push(m.message);
          }
          const count = mapped.length;
          setFailure({
            message:
              count > 0
                ? `Nothing was saved: ${count === 1 ? 'one thing needs' : `${count} things need`} attention. Fix what is marked, then save again.`
                : `Nothing was saved. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`,
            others,
          });
        },
      });
    },
    () => setAnnouncement('Some fields need attention: they are marked.'),
  );

  const productCount = fields.length;
  return (
    <FormProvider {...form}>
      <div className="editor-top">
        <Card as="section" aria-labelledby="link-h" className="partner-section">
          <h2 id="link-h">Link and status</h2>
          <p className="partner-store__link">
            <a href={store.share_url}>{store.share_url}</a>
          </p>
          <p className="partner-store__actions">
            <CopyButton value={store.share_url} label={`the link to ${store.branding.display_name}`} />
          </p>
          <StoreStatus store={store} onChanged={setAnnouncement} />
        </Card>
      </div>
      <p className="editor-status" role="status" aria-live="polite" data-testid="editor-status">
        {announcement}
      </p>
      <form className="editor-form" noValidate onSubmit={(event) => void onSave(event)} aria-labelledby="editor-h">
        <h2 id="editor-h" className="visually-hidden">
          Branding and products
        </h2>
        {failure && (
          <div ref={failureRef} tabIndex={-1} className="form-alert form-alert--error" role="alert" data-testid="editor-failure">
            <p>{failure.message}</p>
            {failure.others.length > 0 && (
              <ul>
                {failure.others.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <Card as="section" aria-labelledby="branding-h" className="partner-section">
          <h3 id="branding-h">Branding</h3>
          <div className="editor-branding">
            <div className="editor-branding__fields">
              <Input label="Store name" required error={errors.displayName?.message} {...register('displayName')} />
              <Input label="Tagline" hint="One short line under the header; leave empty for none." error={errors.tagline?.message} {...register('tagline')} />
              <div className="editor-colour">
                <Input
                  label="Accent colour"
                  hint="As #rrggbb, e.g. #0b5fff: the bar along the top of your header."
                  error={errors.accentColor?.message}
                  {...register('accentColor')}
                />
                <input
                  type="color"
                  className="editor-colour__picker"
                  aria-label="Pick the accent colour"
                  value={/^#[0-9a-fA-F]{6}$/.test(accentColor) ? accentColor.toLowerCase() : '#000000'}
                  onChange={(event) => form.setValue('accentColor', event.target.value, { shouldDirty: true, shouldValidate: true })}
                />
              </div>
              <LogoField
                currentUrl={store.branding.logo_url ?? null}
                chosen={logo}
                onChosen={(next) => {
                  setLogo(next);
                  setLogoError(null);
                }}
                serverError={logoError}
              />
            </div>
            <HeaderPreview displayName={displayName} tagline={tagline} accentColor={accentColor} logoUrl={logo?.previewUrl ?? store.branding.logo_url ?? null} />
          </div>
        </Card>
        <Card as="section" aria-labelledby="products-h" className="partner-section">
          <h3 id="products-h">
            Products <span className="muted">({productCount})</span>
          </h3>
          <p className="muted">
            Set each price at or above its floor ({store.price_floor_bp / 100}% of the {store.region === 'US' ? 'US' : 'Global'} store’s list
            price). Removing a product takes it out of your store when you save.
          </p>
          <ProductRows fields={fields} remove={remove} currency={store.currency} floorBp={store.price_floor_bp} />
          <AddProduct
            storeKey={store.key}
            region={store.region}
            has={(sku) => form.getValues('products').some((p) => p.sku === sku)}
            onAdd={(p) => {
              append({
                sku: p.sku,
                name: p.name,
                listCents: p.list_price.cents,
                floorCents: p.floor.cents,
                hasVariants: p.has_variants,
                price: typedOf(p.price.cents),
              });
              setAnnouncement(`${p.name} added at ${typedOf(p.price.cents)}. Save to publish it.`);
            }}
          />
        </Card>
        <div className="editor-actions">
          <Button type="submit" size="lg" loading={update.isPending} disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
          {formState.isDirty || logo ? <span className="muted">You have changes that are not saved yet.</span> : null}
          {update.isPending && <progress className="editor-progress" aria-label="Saving your store" />}
        </div>
      </form>
    </FormProvider>
  );
}

function EditorContent({ storeKey }: { storeKey: string }) {
  const store = useMiniStore(storeKey);
  if (store.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">Loading your mini-store…</span>
        <Skeleton height="10rem" />
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (store.isError) return <PartnerNotice error={store.error} what="mini-store" onRetry={() => void store.refetch()} />;
  return (
    <>
      <p className="partner-lead">
        {store.data.branding.display_name} · {store.data.region === 'US' ? 'US' : 'Global'} region · key <code>{store.data.key}</code>
      </p>
      {/* A new editor for each saved version keeps the form and the server's answer together. */}
      <Editor key={store.data.key} store={store.data} />
    </>
  );
}

/** `/partner/mini-stores/:key`: a partner edits one of their mini-stores — branding, open or paused, products and prices. */
export default function MiniStoreEditorPage() {
  const { key = '' } = useParams();
  return (
    <div className="container page partner-page">
      <title>Edit your mini-store — Uplink</title>
      <p>
        <Link to="/partner">← Partner dashboard</Link>
      </p>
      <h1>Edit your mini-store</h1>
      <PartnerOnly what="your mini-store">
        <EditorContent storeKey={key} />
      </PartnerOnly>
    </div>
  );
}
