import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { useDevices } from '@/lib/resources/devices/get-devices';
import { useMe } from '@/lib/resources/me/get-me';
import { useDevice } from '@/lib/resources/devices/get-device';
import { AddDeviceForm } from '../components/add-device-form';
import { CoTermPanel } from '../components/co-term-panel';
import { DeviceDetail } from '../components/device-detail';
import { DeviceFilters } from '../components/device-filters';
import { DeviceList } from '../components/device-list';
import { EsimsSection } from '../components/esims-section';
import { IncontrolImport } from '../components/incontrol-import';
import { problemText } from '../components/problem-text';
import { SavedCards } from '../components/saved-cards';
import { apiFilters, hasFilters, type PageState, paramsFromState, stateFromParams } from '../lib/filters';
import { completeSerial } from '../lib/serial-input';
import '../devices.css';

const CARDS_ID = 'saved-cards';

/** The open device (`?serial=`), deep-linkable: `/sn` sends owners here. */
function OpenDevice({ serial, onClose, onRemoved }: { serial: string; onClose: () => void; onRemoved: () => void }) {
  const device = useDevice(serial);
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (device.data) heading.current?.querySelector<HTMLElement>('#device-detail-title')?.focus();
  }, [device.data?.serial]); // eslint-disable-line react-hooks/exhaustive-deps -- focus once per opened device
  if (device.isPending) return <Skeleton height="12rem" />;
  if (device.isError) {
    const missing = isApiProblem(device.error) && (device.error.status === 404 || device.error.code === 'invalid_serial');
    return (
      <div className="dev-detail dev-detail--missing" role="alert">
        <p>
          {missing
            ? `${serial} isn’t on your account. Add it below if it’s yours, or look it up to see what fits it.`
            : problemText(device.error, 'This device didn’t load.')}
        </p>
        <div className="dev-actions">
          {missing ? (
            <Link to={`/sn?serial=${encodeURIComponent(serial)}`}>Look up {serial}</Link>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void device.refetch()}>
              Try again
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div ref={heading}>
      <DeviceDetail device={device.data} onClose={onClose} onRemoved={onRemoved} cardsAnchor={CARDS_ID} />
    </div>
  );
}

/** `/account/device-management`: the customer's devices, one opened in detail, add by serial, saved cards, eSIMs. */
export function DeviceManagementPage() {
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const devices = useDevices(apiFilters(state));
  const me = useMe();
  const go = (next: PageState) => setParams(paramsFromState(next), { replace: next.serial === state.serial });
  const detailHref = (serial: string) => `?${paramsFromState({ ...state, serial }).toString()}`;
  const [coTerm, setCoTerm] = useState<ReadonlySet<string>>(new Set());
  const toggleCoTerm = (serial: string) =>
    setCoTerm((current) => {
      const next = new Set(current);
      if (!next.delete(serial)) next.add(serial);
      return next;
    });
  const coTermDevices = (devices.data?.items ?? []).filter((d) => coTerm.has(d.serial));

  return (
    <div className="dev-page">
      <p className="dev-lead">
        Your devices with their warranty, licences and cloud plans. Renew coverage, buy what fits a device, and let it renew by itself. Tick
        several devices to bring their coverage to one end date with a co-term quotation.
      </p>
      {state.serial && (
        <OpenDevice serial={state.serial} onClose={() => go({ ...state, serial: null })} onRemoved={() => go({ ...state, serial: null })} />
      )}
      <section className="dev-section">
        <AddDeviceForm onAdded={(serial) => go({ q: '', model: '', expiring: false, autoRenew: false, serial })} />
      </section>
      <section className="dev-section" aria-labelledby="devices-title">
        <div className="dev-section__head">
          <h2 id="devices-title" className="dev-section__title">
            Devices{devices.data ? ` (${devices.data.total})` : ''}
          </h2>
          <IncontrolImport linked={Boolean(me.data?.incontrol_linked)} />
        </div>
        {devices.data && devices.data.total > 0 && <DeviceFilters state={state} models={devices.data.models} onChange={go} />}
        {devices.isPending ? (
          <Skeleton height="8rem" />
        ) : devices.isError ? (
          <div className="dev-alert" role="alert">
            <p>{problemText(devices.error, 'Your devices didn’t load.')}</p>
            <Button variant="secondary" size="sm" onClick={() => void devices.refetch()}>
              Try again
            </Button>
          </div>
        ) : devices.data.total === 0 ? (
          <div className="dev-empty">
            <p>
              <strong>No devices yet.</strong> Add one by the serial number on its label to see its warranty and buy licences, renewals and plans
              for it.
            </p>
          </div>
        ) : devices.data.items.length === 0 ? (
          <div className="dev-empty">
            <p>No devices match {hasFilters(state) ? 'these filters' : 'this search'}.</p>
            <Button variant="secondary" size="sm" onClick={() => go({ q: '', model: '', expiring: false, autoRenew: false, serial: state.serial })}>
              Show all devices
            </Button>
          </div>
        ) : (
          <>
            {coTermDevices.length > 0 && <CoTermPanel selected={coTermDevices} onClear={() => setCoTerm(new Set())} />}
            <DeviceList
              devices={devices.data.items}
              detailHref={detailHref}
              openSerial={state.serial && (completeSerial(state.serial) ?? state.serial)}
              selected={coTerm}
              onToggle={toggleCoTerm}
            />
          </>
        )}
      </section>
      <SavedCards id={CARDS_ID} />
      <EsimsSection />
    </div>
  );
}

export default DeviceManagementPage;
