import { Route, Routes } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { NotFoundContent } from '../../not-found-content';
import { HomePage } from './home-page';
import { MainFooter } from './main-footer';
import { MainHeader } from './main-header';
import './main.css';

/** MAIN screen group: the store's header, footer and every page not owned by another group. */
export default function MainGroup() {
  return (
    <div className="main-shell">
      <SkipLink />
      <MainHeader />
      <main id="main" className="main-shell__content" tabIndex={-1}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route
            path="*"
            element={
              <div className="container">
                <NotFoundContent homeHref="/" homeLabel="Go to the home page" />
              </div>
            }
          />
        </Routes>
      </main>
      <MainFooter />
    </div>
  );
}
