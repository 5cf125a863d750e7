/**
 * Error reporting with the Sentry browser SDK, configured to the original
 * product's values (SPEC §14). Every value is set here explicitly — SDK
 * defaults change between majors. The DSN is read at run time from
 * `GET /api/v1/config`, never baked into the bundle.
 *
 * This module is its own chunk, loaded beside the first render by
 * `./error-reporting.ts` (D91), which keeps the errors thrown before it runs;
 * only that module imports it (dynamically). It holds error capture. The
 * tracing half (page loads and router navigations as transactions, `sentry-trace`
 * headers) is `./sentry-tracing.tsx`, added to the running client once this one
 * is initialised (D75) — nothing here may import it statically.
 */
import * as Sentry from '@sentry/react';
import type { BrowserOptions, ErrorEvent, Event } from '@sentry/react';

/** A transaction as `beforeSendTransaction` sees it. */
export type TransactionEvent = Parameters<NonNullable<BrowserOptions['beforeSendTransaction']>>[0];

/** The fixed values of SPEC §14. */
export const SENTRY_SETTINGS = {
  maxBreadcrumbs: 100,
  maxSpans: 1000,
  transportBufferSize: 30,
  linkedErrorsLimit: 5,
  stackFrameLimit: 50,
  tracesSampleRate: 0.2,
  /** The longest a page-load or navigation transaction may run. */
  finalTimeoutMs: 600_000,
  environment: 'production',
} as const;

/** The release this bundle was built as (`uplink@<version>`), injected by Vite. */
export const BUILD_RELEASE: string = typeof __UPLINK_RELEASE__ === 'string' ? __UPLINK_RELEASE__ : 'uplink@dev';

/** The `sentry` part of `GET /api/v1/config`. */
export interface SentryPublicConfig {
  dsn: string;
  environment: string;
  release: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `sentry-trace` and `baggage` go to the page's own origin (full URLs and
 * same-origin paths) and to localhost, nowhere else.
 */
export function tracePropagationTargets(origin: string): RegExp[] {
  return [
    new RegExp(`^${escapeRegExp(origin)}(?:/|$)`),
    /^\/(?!\/)/,
    /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:\/|$)/,
  ];
}

/** Keeps at most `limit` frames per exception: the ones nearest the throw (Sentry orders oldest first). */
export function capStackFrames<T extends Event>(event: T, limit: number = SENTRY_SETTINGS.stackFrameLimit): T {
  for (const exception of event.exception?.values ?? []) {
    const frames = exception.stacktrace?.frames;
    if (frames && frames.length > limit && exception.stacktrace) {
      exception.stacktrace.frames = frames.slice(frames.length - limit);
    }
  }
  return event;
}

/** Keeps at most `limit` child spans in a transaction (the earliest ones). */
export function capSpans(event: TransactionEvent, limit: number = SENTRY_SETTINGS.maxSpans): TransactionEvent {
  if (event.spans && event.spans.length > limit) {
    event.spans = [...event.spans].sort((a, b) => a.start_timestamp - b.start_timestamp).slice(0, limit);
  }
  return event;
}

/** The complete SDK options for a run-time configuration. */
export function sentryOptions(config: SentryPublicConfig, origin: string = window.location.origin): BrowserOptions {
  return {
    dsn: config.dsn,
    environment: config.environment || SENTRY_SETTINGS.environment,
    // The build's own release (sessions are dropped without one); the server's as a fallback.
    release: BUILD_RELEASE || config.release,
    maxBreadcrumbs: SENTRY_SETTINGS.maxBreadcrumbs,
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    tracePropagationTargets: tracePropagationTargets(origin),
    // Whole transactions (`transaction` envelope items), not streamed spans.
    traceLifecycle: 'static',
    transportOptions: { bufferSize: SENTRY_SETTINGS.transportBufferSize },
    sendClientReports: true,
    // No personal data: users are counted by the intake without it.
    dataCollection: { userInfo: false },
    attachStacktrace: false,
    // Router tracing is added to the running client later (`./sentry-tracing.tsx`).
    integrations: [
      Sentry.globalHandlersIntegration({ onerror: true, onunhandledrejection: true }),
      Sentry.linkedErrorsIntegration({ limit: SENTRY_SETTINGS.linkedErrorsLimit }),
      Sentry.dedupeIntegration(),
      Sentry.breadcrumbsIntegration({ dom: true, fetch: true, history: true, sentry: true, xhr: true }),
      Sentry.browserSessionIntegration(),
    ],
    beforeSend: (event: ErrorEvent) => capStackFrames(event),
    beforeSendTransaction: (event: TransactionEvent) => capSpans(capStackFrames(event)),
  };
}

interface ConfigBody {
  sentry?: Partial<SentryPublicConfig>;
}

/** Reads the public configuration; resolves to null when it cannot (reporting stays off). */
export async function fetchSentryConfig(timeoutMs = 3000): Promise<SentryPublicConfig | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch('/api/v1/config', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as ConfigBody;
    const sentry = body.sentry;
    if (!sentry?.dsn) return null;
    return {
      dsn: sentry.dsn,
      environment: sentry.environment ?? SENTRY_SETTINGS.environment,
      release: sentry.release ?? BUILD_RELEASE,
    };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

let started = false;

/** Initialises the SDK once; call before the app renders. Returns whether reporting is on. */
export async function initSentry(load: () => Promise<SentryPublicConfig | null> = fetchSentryConfig): Promise<boolean> {
  if (started) return true;
  const config = await load();
  if (!config) return false;
  Sentry.init(sentryOptions(config));
  started = true;
  return true;
}

/** Reports an error caught by a screen group's error boundary. */
export function reportBoundaryError(error: unknown, componentStack: string | undefined, group: string): string {
  return Sentry.withScope((scope) => {
    scope.setTag('screen_group', group);
    if (componentStack) scope.setContext('react', { componentStack });
    return Sentry.captureException(error, { mechanism: { type: 'react.error-boundary', handled: true } });
  });
}

/**
 * Reports an uncaught error or unhandled rejection that happened before the SDK
 * ran, as its global handlers would have (unhandled, same mechanism type).
 */
export function reportUncaught(error: unknown, mechanism: 'onerror' | 'onunhandledrejection'): string {
  return Sentry.captureException(error, { mechanism: { type: mechanism, handled: false } });
}

/** Reports a screen group that failed to load (SPEC §11). */
export function reportChunkLoad(error: Error & { reason?: string }): void {
  Sentry.withScope((scope) => {
    scope.setTag('chunk_load', error.reason ?? 'unknown');
    Sentry.captureException(error, { mechanism: { type: 'chunk-load', handled: true } });
  });
}
