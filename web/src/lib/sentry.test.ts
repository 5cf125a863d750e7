import * as Sentry from '@sentry/react';
import type { ErrorEvent } from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api-mock';
import {
  BUILD_RELEASE,
  capSpans,
  capStackFrames,
  fetchSentryConfig,
  initSentry,
  SENTRY_SETTINGS,
  sentryOptions,
  tracePropagationTargets,
  type TransactionEvent,
} from './sentry';

vi.mock('@sentry/react', async (importOriginal) => {
  const actual = await importOriginal<typeof Sentry>();
  return { ...actual, init: vi.fn() };
});

const config = { dsn: 'http://abc@localhost:8080/1', environment: 'production', release: 'uplink@0.1.0' };

function integrationNames(options: ReturnType<typeof sentryOptions>): string[] {
  const list = Array.isArray(options.integrations) ? options.integrations : [];
  return list.map((i) => i.name);
}

describe('sentryOptions', () => {
  it('sets every SPEC §14 value explicitly', () => {
    const o = sentryOptions(config, 'http://localhost:8080');
    expect(o.dsn).toBe(config.dsn);
    expect(o.maxBreadcrumbs).toBe(100);
    expect(o.tracesSampleRate).toBe(0.2);
    expect(o.environment).toBe('production');
    expect(o.release).toBe(BUILD_RELEASE);
    expect(o.release).toMatch(/^uplink@\d+\.\d+\.\d+/);
    expect(o.transportOptions).toEqual({ bufferSize: 30 });
    expect(o.traceLifecycle).toBe('static');
    expect(SENTRY_SETTINGS).toMatchObject({
      maxSpans: 1000,
      stackFrameLimit: 50,
      linkedErrorsLimit: 5,
      finalTimeoutMs: 600_000,
      transportBufferSize: 30,
    });
  });

  it('keeps the configured environment and falls back to production', () => {
    expect(sentryOptions({ ...config, environment: 'staging' }, 'http://x').environment).toBe('staging');
    expect(sentryOptions({ ...config, environment: '' }, 'http://x').environment).toBe('production');
  });

  it('installs both global handlers, linked errors, dedupe, breadcrumbs and sessions, but not tracing (D75)', () => {
    const names = integrationNames(sentryOptions(config, 'http://localhost:8080'));
    expect(names).not.toContain('BrowserTracing');
    expect(names).toEqual(
      expect.arrayContaining([
        'GlobalHandlers',
        'LinkedErrors',
        'Dedupe',
        'Breadcrumbs',
        'BrowserSession',
      ]),
    );
  });

  it('limits the linked-error chain to 5 and reports uncaught errors and rejections', () => {
    const linked = vi.spyOn(Sentry, 'linkedErrorsIntegration');
    const handlers = vi.spyOn(Sentry, 'globalHandlersIntegration');
    sentryOptions(config, 'http://localhost:8080');
    expect(linked).toHaveBeenCalledWith({ limit: 5 });
    expect(handlers).toHaveBeenCalledWith({ onerror: true, onunhandledrejection: true });
  });
});

describe('tracePropagationTargets', () => {
  const matches = (url: string) => tracePropagationTargets('https://shop.example').some((re) => re.test(url));

  it('covers the page origin, same-origin paths and localhost only', () => {
    expect(matches('https://shop.example/api/v1/cart')).toBe(true);
    expect(matches('/api/v1/cart')).toBe(true);
    expect(matches('http://localhost:8080/api')).toBe(true);
    expect(matches('http://127.0.0.1:9000/')).toBe(true);
    expect(matches('https://shop.example.evil.com/')).toBe(false);
    expect(matches('https://cdn.other.example/x.js')).toBe(false);
    expect(matches('//cdn.other.example/x.js')).toBe(false);
    expect(matches('http://localhost.evil.com/')).toBe(false);
  });
});

describe('caps', () => {
  it('keeps the 50 frames nearest the throw', () => {
    const frames = Array.from({ length: 80 }, (_, i) => ({ function: `f${i}` }));
    const event = capStackFrames({ exception: { values: [{ stacktrace: { frames } }] } } as ErrorEvent);
    const kept = event.exception?.values?.[0]?.stacktrace?.frames ?? [];
    expect(kept).toHaveLength(50);
    expect(kept[49]?.function).toBe('f79');
  });

  it('keeps at most 1000 spans, the earliest first', () => {
    const spans = Array.from({ length: 1200 }, (_, i) => ({ start_timestamp: 1200 - i, span_id: String(i) }));
    const event = capSpans({ type: 'transaction', spans } as TransactionEvent);
    expect(event.spans).toHaveLength(1000);
    expect(event.spans?.[0]?.start_timestamp).toBe(1);
  });
});

describe('initSentry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the DSN at run time and initialises once', async () => {
    const { calls } = mockApi({ 'GET /api/v1/config': () => ({ version: '0.1.0', sentry: config }) });
    const loaded = await fetchSentryConfig();
    expect(loaded).toEqual(config);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/v1/config']);

    expect(await initSentry(() => Promise.resolve(null))).toBe(false);
    expect(Sentry.init).not.toHaveBeenCalled();
    expect(await initSentry(() => Promise.resolve(config))).toBe(true);
    expect(Sentry.init).toHaveBeenCalledTimes(1);
    expect(vi.mocked(Sentry.init).mock.calls[0]?.[0]).toMatchObject({ dsn: config.dsn, maxBreadcrumbs: 100 });
    expect(await initSentry(() => Promise.resolve(config))).toBe(true);
    expect(Sentry.init).toHaveBeenCalledTimes(1);
  });

  it('stays off when the configuration cannot be read', async () => {
    mockApi({ 'GET /api/v1/config': () => new Response('nope', { status: 503 }) });
    expect(await fetchSentryConfig()).toBeNull();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(await fetchSentryConfig()).toBeNull();
  });
});
