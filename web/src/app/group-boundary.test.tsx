import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_LOAD_TIMEOUT_MS, onChunkLoadError, type ChunkLoadError } from './chunk-load';
import { GroupBoundary, GroupErrorBoundary, lazyGroup } from './group-boundary';

describe('GroupBoundary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the placeholder until 120 s, then the chunk-load error with a Reload button', async () => {
    expect(GROUP_LOAD_TIMEOUT_MS).toBe(120_000);
    const reported: ChunkLoadError[] = [];
    const unsubscribe = onChunkLoadError((error) => reported.push(error));
    const NeverLoads = lazyGroup(() => new Promise<never>(() => {}));

    render(
      <GroupBoundary>
        <NeverLoads />
      </GroupBoundary>,
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_999);
    });
    expect(screen.getByTestId('group-placeholder')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('group-placeholder')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByTestId('group-placeholder')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We couldn’t load this part of the store' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reported.map((error) => error.reason)).toEqual(['timeout']);
    unsubscribe();
  });

  it('shows the chunk-load error at once when the chunk fails to load', async () => {
    const Broken = lazyGroup<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <GroupBoundary>
        <Broken />
      </GroupBoundary>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('renders the group once it has loaded', async () => {
    const Loaded = lazyGroup(() => Promise.resolve({ default: () => <p>Group content</p> }));
    render(
      <GroupBoundary>
        <Loaded />
      </GroupBoundary>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Group content')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(GROUP_LOAD_TIMEOUT_MS);
    });
    expect(screen.getByText('Group content')).toBeInTheDocument();
  });

  it('renders a group loaded ahead in its first render, never its placeholder', async () => {
    let imports = 0;
    const Ahead = lazyGroup(() => {
      imports += 1;
      return Promise.resolve({ default: () => <p>Group content</p> });
    });
    await Ahead.preload();
    // Synchronous: React would reveal a suspended group only 300 ms after its placeholder (React 19).
    render(
      <GroupBoundary>
        <Ahead />
      </GroupBoundary>,
    );
    expect(screen.getByText('Group content')).toBeInTheDocument();
    expect(screen.queryByTestId('group-placeholder')).not.toBeInTheDocument();
    expect(imports).toBe(1);
  });

  it('loads a group once when its render starts before a preload ends', async () => {
    let imports = 0;
    const Both = lazyGroup(() => {
      imports += 1;
      return Promise.resolve({ default: () => <p>Group content</p> });
    });
    const preload = Both.preload();
    render(
      <GroupBoundary>
        <Both />
      </GroupBoundary>,
    );
    expect(screen.getByTestId('group-placeholder')).toBeInTheDocument();
    await act(async () => {
      await preload;
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Group content')).toBeInTheDocument();
    expect(imports).toBe(1);
  });

  it('reports an error a page throws and offers a retry that renders the page again', () => {
    vi.useRealTimers();
    const reports: Array<{ error: unknown; group: string; stack: string | undefined }> = [];
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('page exploded');
      return <p>Recovered</p>;
    }
    render(
      <GroupBoundary group="MAIN" report={(error, stack, group) => reports.push({ error, group, stack })}>
        <Flaky />
      </GroupBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reports).toHaveLength(1);
    expect((reports[0]?.error as Error).message).toBe('page exploded');
    expect(reports[0]?.group).toBe('MAIN');
    expect(reports[0]?.stack).toContain('Flaky');
    fail = false;
    act(() => {
      screen.getByRole('button', { name: 'Try again' }).click();
    });
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('with a fallback (the app-wide boundary of main.tsx), shows it and reports the error', () => {
    const reports: Array<{ error: unknown; group: string }> = [];
    function Broken(): never {
      throw new Error('router exploded');
    }
    render(
      <GroupErrorBoundary group="APP" fallback={<p>App error screen</p>} report={(error, _stack, group) => reports.push({ error, group })}>
        <Broken />
      </GroupErrorBoundary>,
    );
    expect(screen.getByText('App error screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(reports).toHaveLength(1);
    expect((reports[0]?.error as Error).message).toBe('router exploded');
    expect(reports[0]?.group).toBe('APP');
  });

  it('does not report chunk-load errors twice (the loader already did)', async () => {
    const reports: unknown[] = [];
    const Broken = lazyGroup<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <GroupBoundary group="MOBILE" report={(error) => reports.push(error)}>
        <Broken />
      </GroupBoundary>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reports).toHaveLength(0);
  });
});
