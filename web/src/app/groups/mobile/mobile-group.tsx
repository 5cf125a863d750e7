import { Route, Routes } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { NotFoundContent } from '../../not-found-content';
import { MobileHomePage } from './mobile-home-page';
import './mobile.css';

/** MOBILE screen group: compact, app-style pages for the mobile app's web view (SPEC §12). */
export default function MobileGroup() {
  return (
    <div className="mobile-shell">
      <SkipLink />
      <header className="app-bar">
        <span className="app-bar__title">Uplink</span>
      </header>
      <main id="main" className="mobile-shell__content" tabIndex={-1}>
        <Routes>
          <Route path="mobile">
            <Route index element={<MobileHomePage />} />
            <Route path="*" element={<NotFoundContent homeHref="/mobile" homeLabel="Back to Uplink" />} />
          </Route>
        </Routes>
      </main>
    </div>
  );
}
