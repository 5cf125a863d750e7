import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_LOAD_TIMEOUT_MS, onChunkLoadError, type ChunkLoadError } from './chunk-load';
import { GroupBoundary, lazyGroup } from './group-boundary';

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
});
