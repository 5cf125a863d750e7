import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { z } from '@/lib/zod';
import { useAddDevice } from '../api/add-device';
import { useSerialLookup } from '../api/lookup-serial';
import { completeSerial, formatSerialInput, SERIAL_HINT, serialProblem } from '../lib/serial-input';
import { fieldProblem, problemText } from './problem-text';

const schema = z.object({
  serial: z.string().superRefine((value, ctx) => {
    const problem = serialProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  name: z.string().trim().max(80, 'Keep the name to 80 characters.'),
});
type Values = z.infer<typeof schema>;

/** The model of a complete serial, looked up before saving. */
function ModelPreview({ serial }: { serial: string | null }) {
  const lookup = useSerialLookup(serial);
  if (!serial) return <p className="dev-preview dev-preview--idle">The model shows here once all 12 characters are in.</p>;
  if (lookup.isPending) return <p className="dev-preview">Looking up {serial}…</p>;
  if (lookup.isError) {
    const code = isApiProblem(lookup.error) ? lookup.error.code : '';
    return (
      <p className="dev-preview dev-preview--bad">
        {code === 'unknown_serial'
          ? `${serial} doesn’t match a model we know. Check for look-alike characters (0 and O, 1 and I, 8 and B).`
          : problemText(lookup.error, 'The model couldn’t be looked up; you can still add the device.')}
      </p>
    );
  }
  return (
    <p className="dev-preview dev-preview--ok">
      <span>
        Model: <strong>{lookup.data.model.name}</strong> ({lookup.data.model.code})
      </span>{' '}
      {lookup.data.prime ? <Badge tone="brand">Prime</Badge> : <Badge>Standard</Badge>}
    </p>
  );
}

/** Add a device by serial: normalised as typed, its model shown before saving. */
export function AddDeviceForm({ onAdded }: { onAdded: (serial: string) => void }) {
  const toast = useToast();
  const add = useAddDevice();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), mode: 'onSubmit', defaultValues: { serial: '', name: '' } });
  const serial = useWatch({ control, name: 'serial' });
  const complete = completeSerial(serial);
  const serialField = register('serial');

  const submit = handleSubmit(async (values) => {
    try {
      const device = await add.mutateAsync({ serial: values.serial, name: values.name || undefined });
      toast.show({ message: `${device.serial} is on your account.`, tone: 'success' });
      reset();
      onAdded(device.serial);
    } catch (error) {
      const message = fieldProblem(error, 'serial') ?? (isApiProblem(error) ? problemText(error) : undefined);
      const nameMessage = fieldProblem(error, 'name');
      if (nameMessage) setError('name', { message: nameMessage });
      else setError('serial', { message: message ?? 'Adding the device failed. Check your connection and try again.' });
    }
  });

  return (
    <form className="dev-add" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-device-title">
      <h2 id="add-device-title" className="dev-section__title">
        Add a device
      </h2>
      <div className="dev-add__fields">
        <Input
          label="Serial number"
          hint={SERIAL_HINT}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={errors.serial?.message}
          {...serialField}
          onChange={(event) => {
            setValue('serial', formatSerialInput(event.target.value), { shouldValidate: Boolean(errors.serial) });
          }}
          value={serial}
        />
        <Input label="Name (optional)" hint="E.g. where it is: “Van 12”, “Head office”." maxLength={80} error={errors.name?.message} {...register('name')} />
      </div>
      <div aria-live="polite">
        <ModelPreview serial={complete} />
      </div>
      <Button type="submit" loading={add.isPending}>
        Add device
      </Button>
    </form>
  );
}
