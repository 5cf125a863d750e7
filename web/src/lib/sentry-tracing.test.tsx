import * as Sentry from '@sentry/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { sentryOptions } from './sentry';
import { AppRoutes, setRouteReporter } from './sentry-routes';
import { startTracing, tracingIntegration } from './sentry-tracing';

vi.mock('@sentry/react', async (importOriginal) => ({ ...(await importOriginal<typeof Sentry>()) }));

const config = { dsn: 'http://abc@localhost:8080/1', environment: 'production', release: 'uplink@0.1.0' };

/** A real client (every transaction sampled) whose envelopes go nowhere. */
function initClient() {
  Sentry.init({
    ...sentryOptions(config, 'http://localhost:8080'),
    tracesSampleRate: 1,
    transport: () => ({ send: () => Promise.resolve({}), flush: () => Promise.resolve(true) }),
  });
}

/** The active transaction: its name, `sentry.op` and start (seconds). */
function activeTransaction() {
  const span = Sentry.getActiveSpan();
  if (!span) return undefined;
  const json = Sentry.spanToJSON(Sentry.getRootSpan(span));
  return { name: json.name, op: json.attributes?.['sentry.op'], start: json.start_timestamp };
}

/** A screen group that names its routes (as the main group does). */
function Pages() {
  return (
    <AppRoutes>
      <Route
        index
        element={
          <>
            <h1>Home</h1>
            <Link to="/monitoring">Usage</Link>
          </>
        }
      />
      <Route
        path="products/:slug"
        element={
          <>
            <h1>Product</h1>
            <Link to="/">Home page</Link>
          </>
        }
      />
    </AppRoutes>
  );
}

/** A screen group with a plain `<Routes>` of its own. */
function MonitoringGroup() {
  return (
    <Routes>
      <Route path="monitoring" element={<h1>Monitoring</h1>} />
    </Routes>
  );
}

function GroupSwitch() {
  return useLocation().pathname === '/monitoring' ? <MonitoringGroup /> : <Pages />;
}

/** The app's tree (app/router.tsx: a declarative router, one splat route over the groups) at `url`. */
function renderApp(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes>
        <Route path="*" element={<GroupSwitch />} />
      </AppRoutes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  setRouteReporter(null);
  // End the transaction a test left running, so the next one does not start inside it.
  const active = Sentry.getActiveSpan();
  if (active) Sentry.getRootSpan(active).end();
  await Sentry.close();
});

describe('tracingIntegration', () => {
  it('is React Router browser tracing with transactions capped at 600 s', () => {
    const spy = vi.spyOn(Sentry, 'reactRouterBrowserTracingIntegration');
    expect(tracingIntegration().name).toBe('BrowserTracing');
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({ finalTimeout: 600_000, instrumentPageLoad: true, instrumentNavigation: true }),
    );
  });
});

describe('startTracing', () => {
  it('does nothing without a running client', () => {
    expect(startTracing()).toBe(false);
  });

  it('added after the first render, starts the page load at the time origin and names it by route', async () => {
    initClient();
    renderApp('/products/rt-4g');
    expect(await screen.findByRole('heading', { name: 'Product' })).toBeInTheDocument();
    expect(activeTransaction()).toBeUndefined();

    act(() => {
      expect(startTracing()).toBe(true);
    });
    expect(Sentry.getClient()?.getIntegrationByName('BrowserTracing')).toBeDefined();
    const pageload = activeTransaction();
    expect(pageload).toMatchObject({ op: 'pageload', name: '/products/:slug' });
    expect(pageload?.start).toBeCloseTo(performance.timeOrigin / 1000, 2);

    act(() => {
      screen.getByRole('link', { name: 'Home page' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(activeTransaction()).toMatchObject({ op: 'navigation', name: '/' });
  });

  it('makes navigations into a screen group without <AppRoutes> of its own transactions too', async () => {
    initClient();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    act(() => {
      startTracing();
    });
    expect(activeTransaction()).toMatchObject({ op: 'pageload', name: '/' });

    act(() => {
      screen.getByRole('link', { name: 'Usage' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeInTheDocument();
    // Seen by the app's top-level reporter; named by its splat route, as under the data router
    // before D109, since that group reports no routes of its own.
    expect(activeTransaction()).toMatchObject({ op: 'navigation', name: '/*' });
  });
});

// Every source file of the app (tests aside), as text, keyed by its path below src/.
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, '').replace(/^\.\//, 'lib/'), text]),
);

describe('the entry chunk', () => {
  it('never imports the tracing code statically (only main.tsx loads it, with import())', () => {
    expect(Object.keys(sources)).toContain('lib/sentry.ts');
    const importsTracing = /(?:from\s*|import\s*\(\s*)['"][^'"]*\/sentry-tracing['"]/;
    const users = Object.keys(sources).filter((path) => importsTracing.test(sources[path] ?? ''));
    expect(users).toEqual(['app/main.tsx']);
    const main = sources['app/main.tsx'] ?? '';
    expect(main).toMatch(/import\('@\/lib\/sentry-tracing'\)/);
    expect(main).not.toMatch(/^import[^;(]*sentry-tracing/m);
    // The tracing half of the SDK is only reached from the tracing chunk.
    const tracingApis = /reactRouterBrowserTracingIntegration|browserTracingIntegration|wrapCreateBrowserRouter|wrapReactRouterRouting/;
    expect(Object.keys(sources).filter((path) => tracingApis.test(sources[path] ?? ''))).toEqual([
      'lib/sentry-tracing.tsx',
    ]);
  });

  it('never imports the Sentry SDK (only the error-capture and tracing chunks do, D91)', () => {
    const importsSdk = /from\s*['"]@sentry\//;
    expect(Object.keys(sources).filter((path) => importsSdk.test(sources[path] ?? ''))).toEqual([
      'lib/sentry-tracing.tsx',
      'lib/sentry.ts',
    ]);
    // The capture chunk is reached only through import() in error-reporting.ts (types aside).
    const importsCapture = /^import\s+(?!type)[^;]*['"](?:\.\/|@\/lib\/)sentry['"]/m;
    const staticUsers = Object.keys(sources).filter((path) => importsCapture.test(sources[path] ?? ''));
    expect(staticUsers).toEqual(['lib/sentry-tracing.tsx']);
    expect(sources['lib/error-reporting.ts']).toMatch(/import\('\.\/sentry'\)/);
  });
});
