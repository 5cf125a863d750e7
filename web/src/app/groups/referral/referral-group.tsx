import type { CSSProperties } from 'react';
import { Route, Routes } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { NotFoundContent } from '../../not-found-content';
import { ReferralHomePage } from './referral-home-page';
import './referral.css';

export interface MiniStoreBranding {
  displayName: string;
  /** CSS colour for the store's accent bar and buttons; must contrast with white text. */
  accentColor: string;
}

export const DEFAULT_BRANDING: MiniStoreBranding = {
  displayName: 'Uplink Referral Store',
  accentColor: 'var(--color-brand)',
};

export interface ReferralGroupProps {
  /** REFERRAL (`/m/referral…`) or MINISTORE_V2_REFERRAL (`/m/v2/referral…`). */
  version: 'v1' | 'v2';
  branding?: MiniStoreBranding;
}

/** REFERRAL and MINISTORE_V2_REFERRAL screen groups: a partner-branded mini-store (SPEC §10). */
export default function ReferralGroup({ version, branding = DEFAULT_BRANDING }: ReferralGroupProps) {
  const base = version === 'v2' ? 'm/v2/referral' : 'm/referral';
  const style = { '--accent': branding.accentColor } as CSSProperties;
  return (
    <div className="ministore" style={style} data-version={version}>
      <SkipLink />
      <header className="ministore__header">
        <div className="ministore__header-inner">
          <span className="ministore__name">{branding.displayName}</span>
          <span className="ministore__powered">Powered by Uplink</span>
        </div>
      </header>
      <main id="main" className="ministore__content" tabIndex={-1}>
        <Routes>
          <Route path={base}>
            <Route index element={<ReferralHomePage displayName={branding.displayName} />} />
            <Route path="*" element={<NotFoundContent homeHref={`/${base}`} homeLabel="Back to the store" />} />
          </Route>
        </Routes>
      </main>
      <footer className="ministore__footer">
        <p>Sold and delivered by Uplink. Prices in USD.</p>
      </footer>
    </div>
  );
}
