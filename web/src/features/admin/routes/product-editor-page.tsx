import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/money';
import { useCatalogReference } from '../api/home';
import { useAdminProduct, useCreateProduct, useCreateVariant, useSaveProduct } from '../api/products';
import type { AdminProduct, CatalogReference } from '../api/types';
import { ProductForm } from '../components/product-form';
import { ProductPrices } from '../components/product-prices';
import { ProductStock } from '../components/product-stock';
import { emptyProductValues, productFormValues, variantStartValues } from '../lib/product-form';
import { STATUS_TONE } from './products-page';

function Loading({ what }: { what: string }) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden">Loading {what}…</span>
      <Skeleton height="4rem" />
      <Skeleton height="24rem" />
    </div>
  );
}

/** The 409 `version_conflict` offer: someone else saved meanwhile; reload theirs, nothing of ours was written. */
function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={(el) => {
        ref.current = el;
        el?.focus();
      }}
      tabIndex={-1}
      className="form-alert form-alert--error"
      role="alert"
      data-testid="version-conflict"
    >
      <p>
        <strong>Someone else saved this product while you were editing it.</strong> Your changes were not saved. Reload the product to see
        the current version, then make your change again.
      </p>
      <Button onClick={onReload} loading={reloading}>
        Reload the product
      </Button>
    </div>
  );
}

function NewProduct({ reference, parent }: { reference: CatalogReference; parent?: AdminProduct }) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateProduct();
  const variant = useCreateVariant(parent?.id ?? '');
  const initial = useMemo(() => (parent ? variantStartValues(parent) : emptyProductValues()), [parent]);
  const title = parent ? `New variant of ${parent.name}` : 'New product';
  return (
    <div className="admin-page">
      <title>{`${title} — Back office — Uplink`}</title>
      <p className="admin-back">
        <Link to={parent ? `/admin/products/${parent.id}` : '/admin/products'}>← {parent ? parent.name : 'Products'}</Link>
      </p>
      <h1 tabIndex={-1}>{title}</h1>
      {parent && <p className="muted">The variant starts with its parent’s details: give it its own SKU, name, price and attributes.</p>}
      <ProductForm
        initial={initial}
        reference={reference}
        isVariant={Boolean(parent)}
        submitLabel={parent ? 'Create the variant' : 'Create the product'}
        pending={create.isPending || variant.isPending}
        onSubmit={(input) => (parent ? variant.mutateAsync(input) : create.mutateAsync(input))}
        onSaved={(saved) => {
          toast.show({ message: `${saved.name} (${saved.sku}) created.`, tone: 'success' });
          void navigate(`/admin/products/${saved.id}`);
        }}
      />
    </div>
  );
}

function EditProduct({ product, reference, onReload, reloading }: { product: AdminProduct; reference: CatalogReference; onReload: () => Promise<unknown>; reloading: boolean }) {
  const save = useSaveProduct(product.id);
  const toast = useToast();
  const [conflict, setConflict] = useState(false);
  // A new form (its values from the server) after a reload; not after each save of prices or stock.
  const [formKey, setFormKey] = useState(0);
  const initial = useMemo(() => productFormValues(product), [formKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = () =>
    void onReload().then(() => {
      setConflict(false);
      setFormKey((k) => k + 1);
      toast.show({ message: 'Reloaded: you see the current version now.', tone: 'info' });
    });
  return (
    <div className="admin-page">
      <title>{`${product.name} — Back office — Uplink`}</title>
      <p className="admin-back">
        <Link to="/admin/products">← Products</Link>
        {product.parent_id && (
          <Link to={`/admin/products/${product.parent_id}`}>Parent: {product.parent_sku}</Link>
        )}
      </p>
      <div className="admin-head">
        <h1 tabIndex={-1}>{product.name}</h1>
        <div className="admin-head__actions">
          <Badge tone={STATUS_TONE[product.status] ?? 'neutral'}>{product.status}</Badge>
          {product.storefront_path && (
            <a href={product.storefront_path} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              View on the storefront
            </a>
          )}
        </div>
      </div>
      <p className="muted">
        {product.sku} · version {product.version}
      </p>
      {conflict && <ConflictNotice onReload={reload} reloading={reloading} />}
      {product.product_type === 'configurable' && (
        <Card as="section" aria-labelledby="variants-h" className="admin-section">
          <h2 id="variants-h">Variants</h2>
          {product.variants.length === 0 ? (
            <p>No variant yet: shoppers can’t buy this product until it has one.</p>
          ) : (
            <ul data-testid="variants">
              {product.variants.map((v) => (
                <li key={v.id}>
                  <Link to={`/admin/products/${v.id}`}>{v.name}</Link> <span className="muted">({v.sku}, {formatMoney(v.price_cents)}, {v.status})</span>
                </li>
              ))}
            </ul>
          )}
          <Link to={`/admin/products/new?parent=${product.id}`} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Add a variant
          </Link>
        </Card>
      )}
      <ProductForm
        key={formKey}
        initial={initial}
        reference={reference}
        isVariant={Boolean(product.parent_id)}
        submitLabel="Save the product"
        pending={save.isPending}
        onSubmit={(input) => save.mutateAsync({ ...input, version: product.version })}
        onSaved={(saved) => toast.show({ message: `${saved.name} saved (version ${saved.version}).`, tone: 'success' })}
        onConflict={() => setConflict(true)}
      />
      {product.purchasable && (
        <ProductPrices
          key={`prices-${formKey}`}
          product={product}
          reference={reference}
          onConflict={() => setConflict(true)}
          onSaved={(message) => toast.show({ message, tone: 'success' })}
        />
      )}
      {product.product_type === 'hardware' && (
        <ProductStock product={product} reference={reference} onSaved={(message) => toast.show({ message, tone: 'success' })} />
      )}
    </div>
  );
}

/** `/admin/products/new` (`?parent=ID` for a variant) and `/admin/products/:id`: the product editor. */
export default function ProductEditorPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const parentId = id ? undefined : (search.get('parent') ?? undefined);
  const reference = useCatalogReference();
  const product = useAdminProduct(id ?? parentId);
  if (reference.isPending || ((id || parentId) && product.isPending)) return <Loading what="the product" />;
  if (reference.isError) return <StaffNotice role="admin" error={reference.error} what="the catalogue" onRetry={() => void reference.refetch()} />;
  if ((id || parentId) && product.isError) return <StaffNotice role="admin" error={product.error} what="the product" onRetry={() => void product.refetch()} />;
  if (id && product.data) {
    return <EditProduct product={product.data} reference={reference.data} onReload={() => product.refetch()} reloading={product.isFetching} />;
  }
  return <NewProduct reference={reference.data} parent={parentId ? product.data : undefined} />;
}
