import type * as SentryModule from './sentry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_LIMIT,
  reportBoundaryError,
  reportChunkLoad,
  resetErrorReportingForTests,
  startErrorReporting,
} from './error-reporting';

type Sdk = typeof SentryModule;

/** An SDK module whose reporters record what they were given. */
function fakeSdk(on: boolean) {
  const seen: string[] = [];
  const sdk = {
    initSentry: vi.fn(() => Promise.resolve(on)),
    reportUncaught: vi.fn((error: unknown, mechanism: string) => {
      seen.push(`${mechanism}:${String(error instanceof Error ? error.message : error)}`);
      return 'id';
    }),
    reportBoundaryError: vi.fn((error: unknown, _stack: string | undefined, group: string) => {
      seen.push(`boundary:${group}:${(error as Error).message}`);
      return 'id';
    }),
    reportChunkLoad: vi.fn((error: Error) => {
      seen.push(`chunk:${error.message}`);
    }),
  };
  return { sdk: sdk as unknown as Sdk, seen };
}

/** A promise with its resolver, to hold the SDK "loading" while errors happen. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function throwUncaught(message: string, withError = true) {
  window.dispatchEvent(new ErrorEvent('error', { error: withError ? new Error(message) : undefined, message }));
}

function rejectUnhandled(reason: unknown) {
  const event = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  window.dispatchEvent(event);
}

afterEach(() => resetErrorReportingForTests());

describe('startErrorReporting', () => {
  it('keeps what happens before the SDK runs and reports it, in order, once it does', async () => {
    const { sdk, seen } = fakeSdk(true);
    const loading = deferred<Sdk>();
    const started = startErrorReporting(undefined, () => loading.promise);

    throwUncaught('first render failed');
    rejectUnhandled(new Error('early rejection'));
    reportBoundaryError(new Error('page threw'), 'at Page', 'main');
    reportChunkLoad(new Error('group chunk failed'));
    expect(seen).toEqual([]);

    loading.resolve(sdk);
    expect(await started).toBe(true);
    expect(seen).toEqual([
      'onerror:first render failed',
      'onunhandledrejection:early rejection',
      'boundary:main:page threw',
      'chunk:group chunk failed',
    ]);

    // Once the SDK runs, its own global handlers take over: nothing is kept or reported twice.
    throwUncaught('later', false);
    expect(seen).toHaveLength(4);
    reportBoundaryError(new Error('later page'), undefined, 'mobile');
    expect(seen.at(-1)).toBe('boundary:mobile:later page');
  });

  it('loads the SDK only when the schedule says so', async () => {
    const { sdk } = fakeSdk(true);
    let start: (() => void) | undefined;
    const load = vi.fn(() => Promise.resolve(sdk));
    const started = startErrorReporting((begin) => (start = begin), load);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    start?.();
    expect(await started).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the SDK at once when an error happens before the scheduled time', async () => {
    const { sdk, seen } = fakeSdk(true);
    const load = vi.fn(() => Promise.resolve(sdk));
    let start: (() => void) | undefined;
    const started = startErrorReporting((begin) => (start = begin), load);
    expect(load).not.toHaveBeenCalled();
    throwUncaught('while the page loads');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await started).toBe(true);
    expect(seen).toEqual(['onerror:while the page loads']);
    start?.(); // The scheduled start later finds the SDK loaded and does nothing.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${EARLY_LIMIT} early reports`, async () => {
    const { sdk, seen } = fakeSdk(true);
    const loading = deferred<Sdk>();
    const started = startErrorReporting(undefined, () => loading.promise);
    for (let i = 0; i < EARLY_LIMIT + 10; i += 1) throwUncaught(`error ${i}`);
    loading.resolve(sdk);
    await started;
    expect(seen).toHaveLength(EARLY_LIMIT);
    expect(seen[0]).toBe('onerror:error 0');
  });

  it('drops what it kept when reporting is off or the SDK cannot load', async () => {
    const off = fakeSdk(false);
    const loading = deferred<Sdk>();
    const started = startErrorReporting(undefined, () => loading.promise);
    throwUncaught('nobody listens');
    loading.resolve(off.sdk);
    expect(await started).toBe(false);
    reportBoundaryError(new Error('after'), undefined, 'main');
    expect(off.seen).toEqual([]);
    expect(off.sdk.reportUncaught).not.toHaveBeenCalled();

    resetErrorReportingForTests();
    expect(await startErrorReporting(undefined, () => Promise.reject(new Error('chunk 404')))).toBe(false);
  });
});
