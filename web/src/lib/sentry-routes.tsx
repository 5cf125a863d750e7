/**
 * The bridge between `<Routes>` and the tracing chunk (D75, D109): the app's
 * router (app/router.tsx) and the main screen group render `<AppRoutes>`, which
 * is a plain `<Routes>` until router tracing has loaded, and from then on also
 * renders Sentry's route reporter next to it. The top-level one makes every
 * navigation a transaction; a group's names the page load and navigations by
 * route pattern (`/products/:slug`). The `<Routes>` element keeps its place in
 * the tree, so nothing remounts when the reporter arrives. Kept free of
 * `@sentry/*` so it never pulls the SDK in.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Routes, type RoutesProps } from 'react-router';

/**
 * Gives the element that reports the matched route of these `<Route>` children to
 * the tracing integration (it renders nothing itself).
 */
export type RouteReporter = (routeChildren: ReactNode) => ReactNode;

let reporter: RouteReporter | null = null;
const subscribers = new Set<() => void>();

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

function getReporter(): RouteReporter | null {
  return reporter;
}

/** Called by the tracing chunk once the router's navigations are instrumented. */
export function setRouteReporter(next: RouteReporter | null): void {
  reporter = next;
  for (const notify of subscribers) notify();
}

/** `<Routes>` whose matches name the page-load and navigation transactions once tracing runs. */
export function AppRoutes(props: RoutesProps) {
  const reportRoutes = useSyncExternalStore(subscribe, getReporter, getReporter);
  return (
    <>
      <Routes {...props} />
      {reportRoutes ? reportRoutes(props.children) : null}
    </>
  );
}
