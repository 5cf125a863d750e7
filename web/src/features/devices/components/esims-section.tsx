import { formatDay } from '@/lib/time-format';
import { useEsims } from '../api/get-esims';
import { formatData } from '../lib/present';
import { problemText } from './problem-text';

/** The account's eSIM profiles: activation code to type in, QR code to scan, data left. */
export function EsimsSection() {
  const esims = useEsims();
  if (esims.isPending || (esims.data && esims.data.items.length === 0)) return null;
  return (
    <section className="dev-section" aria-labelledby="esims-title">
      <h2 id="esims-title" className="dev-section__title">
        eSIMs
      </h2>
      {esims.isError ? (
        <p className="dev-alert" role="alert">
          {problemText(esims.error, 'Your eSIMs didn’t load. Reload the page to try again.')}
        </p>
      ) : (
        <ul className="dev-rows">
          {esims.data.items.map((esim) => (
            <li key={esim.iccid}>
              <strong>{esim.name}</strong>
              <span className="dev-muted">ICCID {esim.iccid}</span>
              <span>
                {formatData(esim.remaining_mb)} left of {formatData(esim.data_mb)}
                {esim.expires_at ? ` · data valid until ${formatDay(esim.expires_at)}` : ''}
              </span>
              <span>
                Activation code: <code className="dev-key">{esim.activation_code}</code>
              </span>
              <a href={esim.qr_url} target="_blank" rel="noopener">
                Show the QR code<span className="visually-hidden"> for {esim.iccid}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
