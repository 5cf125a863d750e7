import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldPath, useFieldArray, useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { previewMarkdown } from '../api/products';
import type { AdminProduct, CatalogReference, ProductInput } from '../api/types';
import {
  DATA_TYPES,
  isPhysical,
  mapProductErrors,
  productFormValues,
  productInputOf,
  productSchema,
  type ProductFormValues,
  SERIAL_BOUND,
  TERMED,
} from '../lib/product-form';
import { MediaUpload } from './media-upload';

type Errors = ReturnType<typeof useForm<ProductFormValues>>['formState']['errors'];

function SectionError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="ui-field__error" role="alert">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}

/** Description in Markdown, previewed with the storefront's own renderer. */
function DescriptionField({ register, control, error }: { register: UseFormRegister<ProductFormValues>; control: Control<ProductFormValues>; error?: string }) {
  const markdown = useWatch({ control, name: 'description' });
  const [html, setHtml] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  return (
    <div>
      <Textarea label="Description (Markdown)" rows={8} hint="**bold**, *italic*, lists with “- ”, links as [text](https://…)." error={error} {...register('description')} />
      <Button
        variant="secondary"
        size="sm"
        loading={state === 'loading'}
        onClick={() => {
          setState('loading');
          previewMarkdown(markdown)
            .then((h) => {
              setHtml(h);
              setState('idle');
            })
            .catch(() => setState('failed'));
        }}
      >
        Preview the description
      </Button>
      {state === 'failed' && (
        <p className="ui-field__error" role="alert">
          The preview could not be made. Try again.
        </p>
      )}
      {html !== null && (
        <div className="markdown-preview prose" aria-label="Description preview" role="region" data-testid="markdown-preview">
          {/* The server's storefront renderer (it escapes raw HTML): exactly what the product page shows. */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
    </div>
  );
}

function OptionValues({ control, register, index, errors }: { control: Control<ProductFormValues>; register: UseFormRegister<ProductFormValues>; index: number; errors: Errors }) {
  const { fields, append, remove } = useFieldArray({ control, name: `options.${index}.values` });
  return (
    <div className="option-values">
      <p className="ui-field__label">Values</p>
      <ul className="admin-rows">
        {fields.map((f, j) => {
          const e = errors.options?.[index]?.values?.[j];
          return (
            <li key={f.id} className="admin-row">
              <Input label="Value code" error={e?.code?.message} {...register(`options.${index}.values.${j}.code`)} />
              <Input label="Value label" error={e?.label?.message} {...register(`options.${index}.values.${j}.label`)} />
              <Input label="Price change ($)" inputMode="decimal" error={e?.priceDelta?.message} {...register(`options.${index}.values.${j}.priceDelta`)} />
              <Input label="or percent" inputMode="decimal" error={e?.pricePercent?.message} {...register(`options.${index}.values.${j}.pricePercent`)} />
              <div className="admin-row__actions">
                <Button variant="ghost" size="sm" onClick={() => remove(j)}>
                  Remove<span className="visually-hidden"> value {j + 1}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" size="sm" onClick={() => append({ code: '', label: '', priceDelta: '', pricePercent: '' })}>
        Add a value
      </Button>
    </div>
  );
}

export interface ProductFormProps {
  initial: ProductFormValues;
  reference: CatalogReference;
  isVariant?: boolean;
  submitLabel: string;
  pending: boolean;
  /** Sends the request; resolves to the saved product or rejects with the API's problem. */
  onSubmit: (input: ProductInput) => Promise<AdminProduct>;
  onSaved: (product: AdminProduct) => void;
  /** A 409 `version_conflict`: the page offers a reload. */
  onConflict?: () => void;
}

/** Every field of a product, each server error on its field; prices per store and stock are edited beside it. */
export function ProductForm({ initial, reference, isVariant, submitLabel, pending, onSubmit, onSaved, onConflict }: ProductFormProps) {
  const form = useForm<ProductFormValues>({ defaultValues: initial, resolver: zodResolver(productSchema()), shouldFocusError: true });
  const { control, register, handleSubmit, setError, reset, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const [sectionErrors, setSectionErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; others: string[] } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const images = useFieldArray({ control, name: 'images' });
  const downloads = useFieldArray({ control, name: 'downloads' });
  const specs = useFieldArray({ control, name: 'specs' });
  const pkg = useFieldArray({ control, name: 'package' });
  const options = useFieldArray({ control, name: 'options' });
  const attributes = useFieldArray({ control, name: 'attributes' });
  const [productType, hasEligibility, categories, labels, models] = useWatch({
    control,
    name: ['productType', 'hasEligibility', 'categories', 'labels', 'eligibilityModels'],
  });

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const toggleIn = (name: 'categories' | 'labels' | 'eligibilityModels', value: string) => {
    const current = getValues(name) as string[];
    setValue(name, (current.includes(value) ? current.filter((v) => v !== value) : [...current, value]) as never, { shouldDirty: true });
  };

  const onSave = handleSubmit(
    async (values) => {
      setFailure(null);
      setSectionErrors({});
      try {
        const saved = await onSubmit(productInputOf(values));
        reset(productFormValues(saved));
        onSaved(saved);
      } catch (error) {
        const problem = isApiProblem(error) ? error : null;
        if (problem?.code === 'version_conflict') {
          onConflict?.();
          return;
        }
        const mapped = mapProductErrors(problem?.errors ?? [], values);
        const others: string[] = [];
        const sections: Record<string, string> = {};
        for (const m of mapped) {
          if (m.target === 'field') setError(m.name as FieldPath<ProductFormValues>, { type: 'server', message: m.message });
          else if (m.target === 'section') sections[m.section] ??= m.message;
          else others.push(`${m.field}: ${m.message}`);
        }
        setSectionErrors(sections);
        setFailure({
          message:
            mapped.length > 0
              ? `Nothing was saved: ${mapped.length === 1 ? 'one thing needs' : `${mapped.length} things need`} attention. Fix what is marked, then save again.`
              : `Nothing was saved. ${problem ? (problem.detail ?? messageForProblem(problem)) : 'Check your connection and try again.'}`,
          others,
        });
      }
    },
    () => setFailure({ message: 'Some fields need attention: they are marked.', others: [] }),
  );

  const choice = (items: readonly { value: string; label: string }[]) => items.map((c) => ({ value: c.value, label: c.label }));
  const serialBound = (SERIAL_BOUND as readonly string[]).includes(productType);
  const termed = (TERMED as readonly string[]).includes(productType);
  const dataType = (DATA_TYPES as readonly string[]).includes(productType);

  return (
    <form className="product-form" noValidate onSubmit={(event) => void onSave(event)} aria-label={submitLabel}>
      {failure && (
        <div ref={failureRef} tabIndex={-1} className="form-alert form-alert--error" role="alert" data-testid="product-failure">
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
      <Card as="section" aria-labelledby="basics-h" className="admin-section">
        <h2 id="basics-h">Basics</h2>
        <div className="admin-grid">
          <Input label="Name" required error={errors.name?.message} {...register('name')} />
          <Input label="SKU" required hint="A–Z, 0–9 and “-”; unique." error={errors.sku?.message} {...register('sku')} />
          <Input label="Address (slug)" hint="Made from the name when empty." error={errors.slug?.message} {...register('slug')} />
          <Select label="Brand" options={choice(reference.brands)} error={errors.brand?.message} {...register('brand')} />
          <Select label="Type" options={choice(reference.product_types)} error={errors.productType?.message} {...register('productType', {
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === 'configurable') setValue('purchasable', false);
              },
            })} />
          <Select label="Status" options={choice(reference.statuses)} hint="Only active products are on the storefront." error={errors.status?.message} {...register('status')} />
        </div>
        <fieldset className="admin-checks">
          <legend className="visually-hidden">Flags</legend>
          <label>
            <input type="checkbox" {...register('purchasable')} /> Purchasable (a configurable parent never is: its variants are bought)
          </label>
          <label>
            <input type="checkbox" {...register('featured')} /> Featured on the home page
          </label>
          {errors.purchasable?.message && <SectionError message={errors.purchasable.message} />}
        </fieldset>
        <Input label="Summary" hint="One or two lines for listings." error={errors.summary?.message} {...register('summary')} />
        <DescriptionField register={register} control={control} error={errors.description?.message} />
      </Card>

      <Card as="section" aria-labelledby="price-h" className="admin-section">
        <h2 id="price-h">Price and quantity</h2>
        <div className="admin-grid">
          <Input label="List price (USD)" required inputMode="decimal" hint="Stores may set their own below." error={errors.price?.message} {...register('price')} />
          <Input label="Compare-at price (USD)" inputMode="decimal" hint="Shown struck through; empty for none." error={errors.compareAt?.message} {...register('compareAt')} />
          <Input label="Minimum quantity" inputMode="numeric" error={errors.minQty?.message} {...register('minQty')} />
          <Input label="Maximum quantity" inputMode="numeric" hint="Empty: no limit." error={errors.maxQty?.message} {...register('maxQty')} />
          <Input label="Quantity step" inputMode="numeric" error={errors.qtyStep?.message} {...register('qtyStep')} />
          {isPhysical(productType) && (
            <Input label="Weight (grams)" inputMode="numeric" error={errors.weightGrams?.message} {...register('weightGrams')} />
          )}
        </div>
      </Card>

      {!isPhysical(productType) && (
        <Card as="section" aria-labelledby="plan-h" className="admin-section">
          <h2 id="plan-h">Plan terms</h2>
          <div className="admin-grid">
            <Input label="Term (months)" inputMode="numeric" hint={termed ? 'Cloud plans need a term or validity days.' : 'Optional.'} error={errors.termMonths?.message} {...register('termMonths')} />
            <Input label="Data allowance (MB)" inputMode="numeric" hint={dataType ? 'Empty: unlimited.' : 'Optional.'} error={errors.dataMb?.message} {...register('dataMb')} />
            <Input label="Validity (days)" inputMode="numeric" hint="Optional; eSIM data bundles use it." error={errors.validityDays?.message} {...register('validityDays')} />
          </div>
          <label className="admin-check">
            <input type="checkbox" {...register('stackable')} /> Stackable (a cloud plan that may be added on top of an active plan)
          </label>
          {errors.stackable?.message && <SectionError message={errors.stackable.message} />}
        </Card>
      )}

      <Card as="section" aria-labelledby="elig-h" className="admin-section">
        <h2 id="elig-h">Eligibility</h2>
        <label className="admin-check">
          <input type="checkbox" {...register('hasEligibility')} /> Bound to device serials: only these devices may take it
          {serialBound ? '' : ' (usually licences and cloud plans)'}
        </label>
        {hasEligibility && (
          <>
            <Select
              label="Prime devices"
              options={choice(reference.prime)}
              error={errors.eligibilityPrime?.message}
              {...register('eligibilityPrime')}
            />
            <fieldset className="admin-checks admin-checks--columns">
              <legend>Models (none ticked: every model)</legend>
              {reference.models.map((m) => (
                <label key={m.code}>
                  <input type="checkbox" checked={models.includes(m.code)} onChange={() => toggleIn('eligibilityModels', m.code)} /> {m.name}
                  {m.prime ? ' (prime)' : ''}
                </label>
              ))}
            </fieldset>
          </>
        )}
        <SectionError message={sectionErrors.eligibility} />
      </Card>

      <Card as="section" aria-labelledby="cat-h" className="admin-section">
        <h2 id="cat-h">Categories and labels</h2>
        <fieldset className="admin-checks admin-checks--columns">
          <legend>Categories</legend>
          {reference.categories.map((c) => (
            <label key={c.slug}>
              <input type="checkbox" checked={categories.includes(c.slug)} onChange={() => toggleIn('categories', c.slug)} /> {c.parent ? `${c.name}` : <strong>{c.name}</strong>}
            </label>
          ))}
          <SectionError message={sectionErrors.categories} />
        </fieldset>
        <fieldset className="admin-checks">
          <legend>Labels</legend>
          {reference.labels.map((l) => (
            <label key={l.value}>
              <input type="checkbox" checked={labels.includes(l.value as never)} onChange={() => toggleIn('labels', l.value)} /> {l.label}
            </label>
          ))}
          <SectionError message={sectionErrors.labels} />
        </fieldset>
      </Card>

      {isVariant && (
        <Card as="section" aria-labelledby="attr-h" className="admin-section">
          <h2 id="attr-h">Variant attributes</h2>
          <p className="muted">What tells this variant apart from its siblings, e.g. Cellular = 5G.</p>
          <ul className="admin-rows">
            {attributes.fields.map((f, i) => (
              <li key={f.id} className="admin-row">
                <Input label="Attribute code" hint="e.g. cellular" error={errors.attributes?.[i]?.code?.message} {...register(`attributes.${i}.code`)} />
                <Input label="Attribute name" hint="e.g. Cellular" error={errors.attributes?.[i]?.label?.message} {...register(`attributes.${i}.label`)} />
                <Input label="Value code" hint="e.g. 5g" error={errors.attributes?.[i]?.value?.message} {...register(`attributes.${i}.value`)} />
                <Input label="Value shown" hint="e.g. 5G" error={errors.attributes?.[i]?.valueLabel?.message} {...register(`attributes.${i}.valueLabel`)} />
                <div className="admin-row__actions">
                  <Button variant="ghost" size="sm" onClick={() => attributes.remove(i)}>
                    Remove<span className="visually-hidden"> attribute {i + 1}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={() => attributes.append({ code: '', label: '', value: '', valueLabel: '' })}>
            Add an attribute
          </Button>
          <SectionError message={sectionErrors.attributes} />
        </Card>
      )}

      <Card as="section" aria-labelledby="img-h" className="admin-section">
        <h2 id="img-h">Images</h2>
        <ul className="admin-rows">
          {images.fields.map((f, i) => (
            <li key={f.id} className="admin-row media-row">
              {f.url ? <img src={f.url} alt="" /> : null}
              <Input label={`Alt text of image ${i + 1}`} hint="What the picture shows, for screen readers." error={errors.images?.[i]?.alt?.message ?? errors.images?.[i]?.mediaKey?.message} {...register(`images.${i}.alt`)} />
              <div className="admin-row__actions">
                <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => images.move(i, i - 1)}>
                  Move up<span className="visually-hidden"> image {i + 1}</span>
                </Button>
                <Button variant="ghost" size="sm" disabled={i === images.fields.length - 1} onClick={() => images.move(i, i + 1)}>
                  Move down<span className="visually-hidden"> image {i + 1}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => images.remove(i)}>
                  Remove<span className="visually-hidden"> image {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <MediaUpload
          purpose="image"
          label="Add an image"
          hint="PNG, JPEG or WebP, up to 5 MB. The first image is the main one."
          onUploaded={(m) => images.append({ mediaKey: m.key, alt: '', url: m.url })}
        />
        <SectionError message={sectionErrors.images} />
      </Card>

      <Card as="section" aria-labelledby="dl-h" className="admin-section">
        <h2 id="dl-h">Downloads</h2>
        <ul className="admin-rows">
          {downloads.fields.map((f, i) => (
            <li key={f.id} className="admin-row">
              <Input label={`Title of download ${i + 1}`} hint={f.fileName} error={errors.downloads?.[i]?.title?.message ?? errors.downloads?.[i]?.mediaKey?.message} {...register(`downloads.${i}.title`)} />
              <Select label="Kind" options={choice(reference.download_kinds)} {...register(`downloads.${i}.kind`)} />
              <Input label="Version" error={errors.downloads?.[i]?.version?.message} {...register(`downloads.${i}.version`)} />
              <div className="admin-row__actions">
                <Button variant="ghost" size="sm" onClick={() => downloads.remove(i)}>
                  Remove<span className="visually-hidden"> download {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <MediaUpload
          purpose="download"
          label="Add a download"
          hint="PDF, ZIP, gzip, tar or firmware binary, up to 32 MB."
          onUploaded={(m) => downloads.append({ mediaKey: m.key, title: m.file_name.replace(/\.[a-z0-9]+$/i, ''), kind: 'datasheet', version: '', fileName: m.file_name })}
        />
        <SectionError message={sectionErrors.downloads} />
      </Card>

      <Card as="section" aria-labelledby="spec-h" className="admin-section">
        <h2 id="spec-h">Specification</h2>
        <ul className="admin-rows">
          {specs.fields.map((f, i) => (
            <li key={f.id} className="admin-row">
              <Input label="Group" error={errors.specs?.[i]?.group?.message} {...register(`specs.${i}.group`)} />
              <Input label="Name" error={errors.specs?.[i]?.name?.message} {...register(`specs.${i}.name`)} />
              <Input label="Value" error={errors.specs?.[i]?.value?.message} {...register(`specs.${i}.value`)} />
              <div className="admin-row__actions">
                <Button variant="ghost" size="sm" onClick={() => specs.remove(i)}>
                  Remove<span className="visually-hidden"> specification row {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="sm" onClick={() => specs.append({ group: specs.fields.at(-1)?.group ?? '', name: '', value: '' })}>
          Add a specification row
        </Button>
        <SectionError message={sectionErrors.specs} />
      </Card>

      <Card as="section" aria-labelledby="pkg-h" className="admin-section">
        <h2 id="pkg-h">Package contents</h2>
        <ul className="admin-rows">
          {pkg.fields.map((f, i) => (
            <li key={f.id} className="admin-row">
              <Input label="Item" error={errors.package?.[i]?.item?.message} {...register(`package.${i}.item`)} />
              <Input label="Quantity" inputMode="numeric" error={errors.package?.[i]?.qty?.message} {...register(`package.${i}.qty`)} />
              <div className="admin-row__actions">
                <Button variant="ghost" size="sm" onClick={() => pkg.remove(i)}>
                  Remove<span className="visually-hidden"> package item {i + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="sm" onClick={() => pkg.append({ item: '', qty: '1' })}>
          Add an item
        </Button>
        <SectionError message={sectionErrors.package} />
      </Card>

      <Card as="section" aria-labelledby="opt-h" className="admin-section">
        <h2 id="opt-h">Custom options</h2>
        <p className="muted">What buyers fill in. Serial-bound products need a required “serial numbers” option.</p>
        <SectionError message={sectionErrors.options} />
        <ul className="admin-rows">
          {options.fields.map((f, i) => (
            <li key={f.id} className="admin-option">
              <div className="admin-row">
                <Input label="Option code" error={errors.options?.[i]?.code?.message} {...register(`options.${i}.code`)} />
                <Input label="Option label" error={errors.options?.[i]?.label?.message} {...register(`options.${i}.label`)} />
                <Select label="Kind" options={choice(reference.option_kinds)} error={errors.options?.[i]?.kind?.message} {...register(`options.${i}.kind`)} />
                <Input label="Pattern" hint="A regular expression; optional." error={errors.options?.[i]?.pattern?.message} {...register(`options.${i}.pattern`)} />
                <Input label="Help" error={errors.options?.[i]?.help?.message} {...register(`options.${i}.help`)} />
                <label className="admin-check">
                  <input type="checkbox" {...register(`options.${i}.required`)} /> Required
                </label>
                <div className="admin-row__actions">
                  <Button variant="ghost" size="sm" onClick={() => options.remove(i)}>
                    Remove<span className="visually-hidden"> option {i + 1}</span>
                  </Button>
                </div>
              </div>
              <OptionValues control={control} register={register} index={i} errors={errors} />
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => options.append({ code: '', label: '', kind: 'text', required: false, pattern: '', help: '', values: [] })}
        >
          Add an option
        </Button>
      </Card>

      <div className="editor-actions--sticky">
        <Button type="submit" size="lg" loading={pending || formState.isSubmitting}>
          {pending || formState.isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        {formState.isDirty && <span className="muted">You have changes that are not saved yet.</span>}
      </div>
    </form>
  );
}
