/**
 * Performance tracing (SPEC §14): page loads and router navigations become
 * transactions, `fetch`/XHR calls become spans and carry `sentry-trace` and
 * `baggage` to the targets of `tracePropagationTargets`. This module is its own
 * chunk (D75): `main.tsx` requests it together with the run-time configuration
 * and adds it to the running client right after the first render, so the
 * entry chunk holds error capture only. Only `main.tsx` may import it
 * (dynamically).
 *
 * Added late, the page-load transaction still starts at the navigation's time
 * origin (`performance.timeOrigin`, see `startBrowserTracingPageLoadSpan` in
 * @sentry/browser), and its resource and web-vital timings come from the
 * browser's buffered performance entries.
 */
import * as Sentry from '@sentry/react';
import { useEffect, type ReactNode } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  useLocation,
  useNavigationType,
  type createBrowserRouter,
  type RouteObject,
} from 'react-router';
import { SENTRY_SETTINGS } from './sentry';
import { setRouteReporter, type RouteReporter } from './sentry-routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The React Router tracing integration with every value of SPEC §14 set explicitly. */
export function tracingIntegration() {
  return Sentry.reactRouterBrowserTracingIntegration({
    useEffect,
    useLocation,
    useNavigationType,
    createRoutesFromChildren,
    matchRoutes,
    finalTimeout: SENTRY_SETTINGS.finalTimeoutMs,
    instrumentPageLoad: true,
    instrumentNavigation: true,
  });
}

/**
 * Sentry's descendant-routes wrapper around a component that renders nothing:
 * only its route reporter is left, which `<AppRoutes>` renders beside the real
 * `<Routes>` (see ./sentry-routes.tsx).
 */
const ReportRoutes = Sentry.wrapReactRouterRouting(function NoRoutes(_props: { children?: ReactNode }) {
  return null;
});
const routeReporter: RouteReporter = (routeChildren) => <ReportRoutes>{routeChildren}</ReportRoutes>;

/** Clients router tracing was added to (once each). */
const traced = new WeakSet<object>();

/**
 * Adds router tracing to the running client (after `initSentry` resolved true):
 * starts the page-load transaction, attaches to the already created router
 * (its navigations become transactions, the page load is named by route) and
 * lets `<AppRoutes>` report descendant route patterns. Returns whether it started.
 */
export function startTracing(router: AppRouter, routes: RouteObject[]): boolean {
  const client = Sentry.getClient();
  if (!client) return false;
  if (traced.has(client)) return true;
  traced.add(client);
  client.addIntegration(tracingIntegration());
  // Sentry wraps `createBrowserRouter`; the router already exists, so the "create" hands it back.
  Sentry.wrapCreateBrowserRouter(() => router)(routes);
  setRouteReporter(routeReporter);
  return true;
}
