import { describe, expect, it, vi } from 'vitest';
import { getPreloadError, installPreloadErrorListener, onChunkLoadError, subscribePreloadError } from './chunk-load';

describe('vite:preloadError', () => {
  it('is prevented, recorded and reported', () => {
    const reporter = vi.fn();
    const notify = vi.fn();
    const unsubscribeReporter = onChunkLoadError(reporter);
    const unsubscribe = subscribePreloadError(notify);
    const uninstall = installPreloadErrorListener();

    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
    expect(getPreloadError()?.reason).toBe('preload-failed');
    expect(reporter).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledOnce();
    uninstall();
    unsubscribe();
    unsubscribeReporter();
  });
});
