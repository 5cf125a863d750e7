/**
 * The entry's side of error reporting (D91). The Sentry SDK is its own chunk
 * (`./sentry.ts`), loaded beside the first render instead of before it: the
 * page paints without waiting for the SDK or for `GET /api/v1/config`.
 *
 * Until the SDK runs, uncaught errors and unhandled rejections are kept here
 * (at most `EARLY_LIMIT`, the SDK's own send buffer) and handed to it once it
 * is initialised; from then on the SDK's global handlers see them directly.
 * Reports from error boundaries and chunk loads wait the same way. When
 * reporting is off (no DSN) the kept errors are dropped.
 *
 * Nothing in this module may import `@sentry/*` or `./sentry` statically.
 */

import type * as SentryModule from './sentry';

type Sdk = typeof SentryModule;
type Report = (sdk: Sdk) => void;

/** How many reports are kept while the SDK loads (SPEC §14's send buffer). */
export const EARLY_LIMIT = 30;

let sdk: Sdk | null = null;
let reportingOff = false;
const waiting: Report[] = [];
/** Loads the SDK now instead of when scheduled (set while it is not loaded yet). */
let loadNow: (() => void) | null = null;

function whenRunning(report: Report): void {
  if (sdk) {
    report(sdk);
  } else if (!reportingOff && waiting.length < EARLY_LIMIT) {
    waiting.push(report);
    // Something to report: no reason to wait for the page to settle any longer.
    loadNow?.();
  }
}

function onEarlyError(event: ErrorEvent): void {
  const error: unknown = event.error ?? event.message;
  whenRunning((running) => running.reportUncaught(error, 'onerror'));
}

function onEarlyRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  whenRunning((running) => running.reportUncaught(reason, 'onunhandledrejection'));
}

/** Reports an error caught by a screen group's error boundary (now, or once the SDK runs). */
export function reportBoundaryError(error: unknown, componentStack: string | undefined, group: string): void {
  whenRunning((running) => {
    running.reportBoundaryError(error, componentStack, group);
  });
}

/** Reports a screen group that failed to load (SPEC §11). */
export function reportChunkLoad(error: Error & { reason?: string }): void {
  whenRunning((running) => running.reportChunkLoad(error));
}

const loadSentry = () => import('./sentry');
const rightAway = (start: () => void) => start();

/**
 * Starts keeping early errors now; loads the SDK and initialises it with the
 * server's DSN when `schedule` says (the entry waits until the page has loaded
 * and settled), or at once when there is something to report.
 * Resolves to whether reporting is on.
 */
export function startErrorReporting(
  schedule: (start: () => void) => void = rightAway,
  loadSdk: () => Promise<Sdk> = loadSentry,
  target: Window = window,
): Promise<boolean> {
  target.addEventListener('error', onEarlyError);
  target.addEventListener('unhandledrejection', onEarlyRejection);
  const stopKeeping = () => {
    target.removeEventListener('error', onEarlyError);
    target.removeEventListener('unhandledrejection', onEarlyRejection);
  };
  const loaded = new Promise<Sdk>((resolve, reject) => {
    const load = () => {
      if (!loadNow) return;
      loadNow = null;
      loadSdk().then(resolve, reject);
    };
    loadNow = load;
    schedule(load);
    if (waiting.length) load();
  });
  return loaded
    .then(async (module) => ((await module.initSentry()) ? module : null))
    .catch(() => null)
    .then((running) => {
      // Synchronous from here: no error can fall between the two handlers.
      stopKeeping();
      if (!running) {
        reportingOff = true;
        waiting.length = 0;
        return false;
      }
      sdk = running;
      for (const report of waiting.splice(0)) report(running);
      return true;
    });
}

/** Test hook: forget the SDK and every kept report. */
export function resetErrorReportingForTests(): void {
  sdk = null;
  loadNow = null;
  reportingOff = false;
  waiting.length = 0;
}
