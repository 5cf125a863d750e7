import { createBrowserRouter } from 'react-router';
import { wrapCreateBrowserRouter } from '@/lib/sentry';
import { AppErrorScreen } from './app-error-screen';
import { ScreenGroupSwitch } from './screen-group-switch';

/**
 * One splat route: the screen-group switch owns everything below it (each group has its own <Routes>).
 * Wrapped by Sentry so page loads and navigations are transactions.
 */
export function createRouter() {
  return wrapCreateBrowserRouter(createBrowserRouter)([
    { path: '*', element: <ScreenGroupSwitch />, errorElement: <AppErrorScreen /> },
  ]);
}
