import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { Device } from '../api/types';
import { coverageSentence, deviceTitle, WARRANTY_LABELS, warrantyState } from '../lib/present';

interface DeviceListProps {
  devices: Device[];
  detailHref: (serial: string) => string;
  openSerial: string | null;
  /** Serials ticked for a co-term quotation. */
  selected: ReadonlySet<string>;
  onToggle: (serial: string) => void;
}

/** The devices as cards; each opens its detail (a link, so it can be opened in a new tab) and can be ticked for co-term. */
export function DeviceList({ devices, detailHref, openSerial, selected, onToggle }: DeviceListProps) {
  return (
    <ul className="dev-list" aria-label="Your devices">
      {devices.map((device) => {
        const state = WARRANTY_LABELS[warrantyState(device)];
        const open = device.serial === openSerial;
        return (
          <li key={device.serial} className={open ? 'dev-item dev-item--open' : 'dev-item'}>
            <div className="dev-item__head">
              <h3 className="dev-item__title">
                <Link to={detailHref(device.serial)} aria-current={open ? 'true' : undefined}>
                  {deviceTitle(device)}
                </Link>
              </h3>
              <label className="dev-item__pick">
                <input type="checkbox" checked={selected.has(device.serial)} onChange={() => onToggle(device.serial)} />
                <span>
                  Co-term<span className="visually-hidden"> {device.serial}</span>
                </span>
              </label>
            </div>
            <p className="dev-item__meta">
              <span className="dev-serial">{device.serial}</span>
              <span>{device.model.name}</span>
              {device.prime && <Badge tone="brand">Prime</Badge>}
            </p>
            <p className="dev-item__coverage">
              <Badge tone={state.tone}>{state.label}</Badge> <span>{coverageSentence(device)}</span>
            </p>
            <p className="dev-item__facts">
              <span>{device.auto_renew.enabled ? 'Auto-renews' : 'Auto-renew off'}</span>
              {device.licences.length > 0 && <span>{device.licences.length} {device.licences.length === 1 ? 'licence' : 'licences'}</span>}
              {device.subscriptions.length > 0 && (
                <span>
                  {device.subscriptions.length} {device.subscriptions.length === 1 ? 'plan' : 'plans'}
                </span>
              )}
              {device.auto_renew.last_failure && <Badge tone="danger">Renewal failed</Badge>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
