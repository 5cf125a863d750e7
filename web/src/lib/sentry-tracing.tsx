/**
 * Performance tracing (SPEC §14): page loads and router navigations become
 * transactions, `fetch`/XHR calls become spans and carry `sentry-trace` and
 * `baggage` to the targets of `tracePropagationTargets`. This module is its own
 * chunk (D75): `main.tsx` requests it once error reporting runs (D91) and adds
 * it to the running client, so the entry chunk holds no tracing code. Only
 * `main.tsx` may import it (dynamically).
 *
 * Added late, the page-load transaction still starts at the navigation's time
 * origin (`performance.timeOrigin`, see `startBrowserTracingPageLoadSpan` in
 * @sentry/browser), and its resource and web-vital timings come from the
 * browser's buffered performance entries.
 */
import * as Sentry from '@sentry/react';
import { useEffect, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, useLocation, useNavigationType } from 'react-router';
import { SENTRY_SETTINGS } from './sentry';
import { setRouteReporter, type RouteReporter } from './sentry-routes';

/**
 * The React Router tracing integration with every value of SPEC §14 set explicitly.
 *
 * The version-less `reactRouterBrowserTracingIntegration` is the SDK's v6/v7 integration
 * (`createReactRouterV6CompatibleTracingIntegration`, as `reactRouterV7BrowserTracingIntegration`;
 * only the span origin's `_v7` suffix differs) and serves declarative routing: it starts the page
 * load, and the route reporters of `wrapReactRouterRouting` name it and start navigations.
 */
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
 * Sentry's `<Routes>` wrapper for declarative routing around a component that renders nothing:
 * only its route reporter is left, which `<AppRoutes>` renders beside the real `<Routes>` (see
 * ./sentry-routes.tsx). Each reporter adds its routes to the ones names are matched against,
 * names the page load by route pattern when it mounts, and makes each later location change a
 * navigation transaction (one per location however many reporters see it).
 */
const ReportRoutes = Sentry.wrapReactRouterRouting(function NoRoutes(_props: { children?: ReactNode }) {
  return null;
});
const routeReporter: RouteReporter = (routeChildren) => <ReportRoutes>{routeChildren}</ReportRoutes>;

/** Clients router tracing was added to (once each). */
const traced = new WeakSet<object>();

/**
 * Adds router tracing to the running client (after `initSentry` resolved true):
 * starts the page-load transaction, then gives every `<AppRoutes>` its route
 * reporter — the app's top-level one (app/router.tsx) sees every navigation, a
 * group's own names them by that group's routes. Returns whether it started.
 */
export function startTracing(): boolean {
  const client = Sentry.getClient();
  if (!client) return false;
  if (traced.has(client)) return true;
  traced.add(client);
  client.addIntegration(tracingIntegration());
  setRouteReporter(routeReporter);
  return true;
}
