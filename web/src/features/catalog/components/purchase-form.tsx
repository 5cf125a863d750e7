import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/money';
import type { CustomOption } from '../api/types';
import { ICCID_FORMAT_HINT, normaliseIccid } from '../lib/iccid';
import { describeDelta, unitPrice } from '../lib/pricing';
import {
  buildPurchaseSchema,
  defaultPurchaseValues,
  serialOptionOf,
  type PurchaseFormValues,
  type QuantityRules,
} from '../lib/purchase-schema';
import { normaliseSerial } from '../lib/serial';
import { QuantityInput } from './quantity-input';

export interface PurchaseFormProps {
  options: readonly CustomOption[];
  rules: QuantityRules;
  /** Price of the product (or chosen variant) before option deltas, in cents. */
  basePrice: number;
  currency: string;
  /**
   * Receives valid, normalised values; the cart capability plugs in here with its button. `intent`
   * is the `value` of the submit button used (e.g. `quote` for "Request a quotation").
   */
  onValid?: (values: PurchaseFormValues, intent?: string) => void;
  /** Action buttons (e.g. add to cart) once those capabilities exist. */
  actions?: ReactNode;
  /** A serial number to start with (the page's `?serial=`). */
  serial?: string | null;
}

function optionHint(option: CustomOption): string | undefined {
  if (option.kind === 'iccid') return ICCID_FORMAT_HINT;
  if (option.kind === 'date') return 'Format YYYY-MM-DD.';
  return undefined;
}

/** Custom options, serial numbers and quantity with live validation and the resulting price. */
export function PurchaseForm({ options, rules, basePrice, currency, onValid, actions, serial = null }: PurchaseFormProps) {
  const schema = useMemo(() => buildPurchaseSchema(options, rules), [options, rules]);
  const serialOption = serialOptionOf(options);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    trigger,
    formState: { errors },
  } = useForm<PurchaseFormValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaultPurchaseValues(options, rules, serial),
  });
  const serials = useFieldArray({ control, name: 'serials' });
  const chosen = useWatch({ control, name: 'options' });
  const quantityValue = useWatch({ control, name: 'quantity' });
  const quantity = serialOption ? serials.fields.length : quantityValue;

  const chosenValues = options
    .filter((option) => option.kind === 'select')
    .map((option) => option.values.find((value) => value.code === chosen?.[option.code]));
  const unit = unitPrice(basePrice, chosenValues);
  const validQuantity = Number.isInteger(quantity) && quantity > 0;

  const submit = handleSubmit((values, event) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    const intent = submitter instanceof HTMLButtonElement && submitter.value ? submitter.value : undefined;
    const valid: PurchaseFormValues = {
      ...values,
      quantity: serialOption ? values.serials.length : values.quantity,
      serials: values.serials.map((entry) => ({ value: normaliseSerial(entry.value) ?? entry.value })),
      options: Object.fromEntries(
        options
          .filter((option) => option.kind !== 'serial_numbers')
          .map((option) => {
            const raw = values.options[option.code] ?? '';
            return [option.code, option.kind === 'iccid' ? normaliseIccid(raw) : raw.trim()];
          }),
      ),
    };
    if (intent) onValid?.(valid, intent);
    else onValid?.(valid);
  });

  const atMax = rules.max !== null && serials.fields.length >= rules.max;

  return (
    <form className="purchase-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Options and quantity">
      {serialOption && (
        <fieldset className="purchase-form__serials">
          <legend className="ui-field__label">
            {serialOption.label}
            <span className="ui-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p className="ui-field__hint" id="serials-hint">
            One per device, as printed on its label (XXXX-XXXX-XXXX). The quantity is the number of serial numbers.
          </p>
          <ol className="purchase-form__serial-list">
            {serials.fields.map((field, index) => {
              const registration = register(`serials.${index}.value`);
              return (
                <li key={field.id} className="purchase-form__serial">
                  <Input
                    label={`Serial number ${index + 1}`}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    placeholder="XXXX-XXXX-XXXX"
                    required
                    error={errors.serials?.[index]?.value?.message}
                    {...registration}
                    onChange={(event) => {
                      void registration.onChange(event);
                      // A message shown before this field was touched (e.g. right after "Add another
                      // device") goes away as soon as the value is fine, not on blur — a blur that
                      // removes it shifts the layout under a click on "Add to cart".
                      if (errors.serials?.[index]?.value) void trigger(`serials.${index}.value`);
                    }}
                    onBlur={(event) => {
                      // Leaving for the submit button: the submit normalises anyway, and
                      // re-rendering the list mid-click would swallow the click.
                      const toSubmit =
                        event.relatedTarget instanceof HTMLButtonElement && event.relatedTarget.type === 'submit';
                      const normalised = normaliseSerial(event.target.value);
                      if (!toSubmit && normalised && normalised !== event.target.value)
                        setValue(`serials.${index}.value`, normalised);
                      void registration.onBlur(event);
                    }}
                  />
                  {serials.fields.length > 1 && (
                    <button
                      type="button"
                      className="ui-button ui-button--ghost ui-button--sm purchase-form__remove"
                      onClick={() => serials.remove(index)}
                    >
                      Remove<span className="visually-hidden"> serial number {index + 1}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="ui-button ui-button--secondary ui-button--sm"
            disabled={atMax}
            onClick={() => serials.append({ value: '' }, { shouldFocus: true })}
          >
            + Add another device
          </button>
          {atMax && <p className="ui-field__hint">You can add up to {rules.max} devices at a time.</p>}
          {errors.serials?.root?.message && (
            <p className="ui-field__error" role="alert">
              {errors.serials.root.message}
            </p>
          )}
          {errors.serials?.message && (
            <p className="ui-field__error" role="alert">
              {errors.serials.message}
            </p>
          )}
        </fieldset>
      )}

      {options
        .filter((option) => option.kind !== 'serial_numbers')
        .map((option) => {
          const name = `options.${option.code}` as const;
          const error = errors.options?.[option.code]?.message;
          if (option.kind === 'select') {
            return (
              <Select
                key={option.code}
                label={option.label}
                required={option.required}
                error={error}
                options={[
                  { value: '', label: option.required ? 'Choose…' : 'None' },
                  ...option.values.map((value) => {
                    const delta = describeDelta(value.price_delta);
                    return { value: value.code, label: delta ? `${value.label} (${delta})` : value.label };
                  }),
                ]}
                {...register(name)}
              />
            );
          }
          const registration = register(name);
          return (
            <Input
              key={option.code}
              label={option.label}
              required={option.required}
              hint={optionHint(option)}
              error={error}
              type={option.kind === 'date' ? 'date' : 'text'}
              inputMode={option.kind === 'iccid' ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              {...registration}
              onBlur={(event) => {
                if (option.kind === 'iccid') {
                  const normalised = normaliseIccid(event.target.value);
                  if (normalised !== event.target.value) setValue(name, normalised);
                }
                void registration.onBlur(event);
              }}
            />
          );
        })}

      {!serialOption && (
        <QuantityInput
          {...register('quantity', { valueAsNumber: true })}
          min={rules.min}
          max={rules.max}
          step={rules.step}
          value={quantityValue}
          error={errors.quantity?.message}
          hint={
            rules.step > 1
              ? `Sold in steps of ${rules.step}.`
              : rules.max !== null
                ? `Up to ${rules.max} per order.`
                : undefined
          }
          onStep={(next) => setValue('quantity', next, { shouldValidate: true, shouldTouch: true })}
        />
      )}

      <dl className="purchase-summary" aria-live="polite">
        {unit !== basePrice && (
          <div className="purchase-summary__row">
            <dt>Price with options</dt>
            <dd>{formatMoney(unit, currency)}</dd>
          </div>
        )}
        <div className="purchase-summary__row purchase-summary__row--total">
          <dt>
            Total for {validQuantity ? quantity : '—'} {quantity === 1 ? 'unit' : 'units'}
          </dt>
          <dd>{validQuantity ? formatMoney(unit * quantity, currency) : '—'}</dd>
        </div>
      </dl>
      {actions}
    </form>
  );
}
