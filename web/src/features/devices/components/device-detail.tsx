import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { formatDay } from '@/lib/time-format';
import { useRemoveDevice } from '../api/remove-device';
import { useRenameDevice } from '../api/rename-device';
import type { Device } from '../api/types';
import { buyLinks, coverageSentence, deviceTitle, formatData, graceNote, WARRANTY_LABELS, warrantyState } from '../lib/present';
import { AutoRenewForm } from './auto-renew-form';
import { fieldProblem, problemText } from './problem-text';

function RenameForm({ device }: { device: Device }) {
  const rename = useRenameDevice();
  const toast = useToast();
  const [name, setName] = useState(device.name);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="dev-rename"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        rename.mutate(
          { serial: device.serial, name },
          {
            onSuccess: () => toast.show({ message: 'The name is saved.', tone: 'success' }),
            onError: (e) => setError(fieldProblem(e, 'name') ?? problemText(e)),
          },
        );
      }}
    >
      <Input label="Name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} error={error} hint="Leave empty to show the model name." />
      <Button type="submit" variant="secondary" size="sm" loading={rename.isPending} disabled={name.trim() === device.name}>
        Rename
      </Button>
    </form>
  );
}

function Licences({ device }: { device: Device }) {
  if (device.licences.length === 0) return <p className="dev-muted">No licences yet. Licence keys bought for this serial appear here.</p>;
  return (
    <ul className="dev-rows">
      {device.licences.map((licence) => (
        <li key={licence.key}>
          <strong>{licence.name}</strong>
          <code className="dev-key">{licence.key}</code>
          <span className="dev-muted">
            From {formatDay(licence.starts_at)}
            {licence.ends_at ? ` until ${formatDay(licence.ends_at)}` : ' · perpetual'}
            {licence.order_number && (
              <>
                {' · '}
                <Link to={`/order/${licence.order_number}`}>Order {licence.order_number}</Link>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Plans({ device }: { device: Device }) {
  if (device.subscriptions.length === 0) return <p className="dev-muted">No cloud plan on this device.</p>;
  return (
    <ul className="dev-rows">
      {device.subscriptions.map((plan) => (
        <li key={plan.family}>
          <strong>{plan.name}</strong>
          <span>
            {plan.allowance_mb == null
              ? 'Unlimited data'
              : `${formatData(plan.remaining_mb ?? 0)} left of ${formatData(plan.allowance_mb)} (${formatData(plan.used_mb)} used)`}
          </span>
          {plan.allowance_mb != null && (
            <meter className="dev-meter" min={0} max={plan.allowance_mb} value={plan.remaining_mb ?? 0} aria-label={`Data left on ${plan.name}`} />
          )}
          <span className="dev-muted">
            {plan.active ? 'Expires' : 'Expired'} {formatDay(plan.expires_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A device's page: coverage, what it holds, what to buy for it, auto-renewal, rename and remove. */
export function DeviceDetail({ device, onRemoved, onClose, cardsAnchor }: { device: Device; onRemoved: () => void; onClose: () => void; cardsAnchor: string }) {
  const remove = useRemoveDevice();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const state = WARRANTY_LABELS[warrantyState(device)];
  return (
    <section className="dev-detail" aria-labelledby="device-detail-title">
      <div className="dev-detail__head">
        <div>
          <p className="dev-serial">{device.serial}</p>
          <h2 id="device-detail-title" className="dev-detail__title" tabIndex={-1}>
            {deviceTitle(device)}
          </h2>
          <p className="dev-item__meta">
            <span>{device.model.name}</span>
            {device.prime ? <Badge tone="brand">Prime</Badge> : <Badge>Standard</Badge>}
            <Badge tone={state.tone}>{state.label}</Badge>
            {warrantyState(device) === 'grace' && <span className="dev-grace-note">{graceNote(device)}</span>}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close<span className="visually-hidden"> {device.serial}</span>
        </Button>
      </div>

      <div className="dev-detail__block">
        <h3 className="dev-detail__subtitle">Warranty</h3>
        <p>{coverageSentence(device)}</p>
        <p className="dev-muted">
          Registered {formatDay(device.registered_at)}
          {device.source === 'incontrol' ? ' (imported from InControl)' : ''}.
        </p>
        {device.warranty_extensions.length > 0 && (
          <ul className="dev-rows">
            {device.warranty_extensions.map((ext) => (
              <li key={`${ext.sku}-${ext.starts_at}`}>
                <strong>{ext.name}</strong>
                <span className="dev-muted">
                  {formatDay(ext.starts_at)} – {formatDay(ext.ends_at)}
                  {ext.order_number && (
                    <>
                      {' · '}
                      <Link to={`/order/${ext.order_number}`}>Order {ext.order_number}</Link>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <ul className="dev-buy" aria-label={`Buy for ${device.serial}`}>
          {buyLinks(device).map((link) => (
            <li key={link.purpose}>
              <Link className="ui-button ui-button--secondary ui-button--sm" to={link.href}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <div className="dev-detail__block">
        <h3 className="dev-detail__subtitle">Licences and keys</h3>
        <Licences device={device} />
      </div>
      <div className="dev-detail__block">
        <h3 className="dev-detail__subtitle">Cloud plans</h3>
        <Plans device={device} />
      </div>
      <div className="dev-detail__block">
        <AutoRenewForm key={device.serial} device={device} cardsAnchor={cardsAnchor} />
      </div>
      <div className="dev-detail__block">
        <RenameForm key={device.serial} device={device} />
      </div>
      <div className="dev-detail__block">
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Remove from my account
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Remove ${device.serial}?`}
        description="The device leaves your account. Its licences and plans stay with the serial and show again if you add it back."
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(device.serial, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.show({ message: `${device.serial} is removed.`, tone: 'success' });
                    onRemoved();
                  },
                  onError: (e) => toast.show({ message: problemText(e, 'Removing failed. Try again.'), tone: 'error' }),
                })
              }
            >
              Remove device
            </Button>
          </>
        }
      />
    </section>
  );
}
