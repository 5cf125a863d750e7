import { BrowserRouter, Route } from 'react-router';
import { AppRoutes } from '@/lib/sentry-routes';
import { ScreenGroupSwitch } from './screen-group-switch';

/**
 * The app's router, in declarative mode (D109): one splat route, and the screen-group switch owns
 * everything below it (each group has its own `<Routes>`). Not the data router
 * (`createBrowserRouter`): the app uses none of its features, and its code was a quarter of the
 * entry chunk every page loads. Scrolling after navigations is `./scroll-manager.tsx`.
 *
 * `<AppRoutes>` is a plain `<Routes>` until router tracing has loaded; from then on it also reports
 * this route's location to Sentry, so every navigation, in whichever screen group, becomes a
 * transaction (`startTracing` in lib/sentry-tracing.tsx, D75).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes>
        <Route path="*" element={<ScreenGroupSwitch />} />
      </AppRoutes>
    </BrowserRouter>
  );
}
