import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate, type NavigateFunction, type NavigateOptions } from 'react-router';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { resetScrollPositionsForTests, ScrollManager } from './scroll-manager';

let navigate: NavigateFunction;
let scrollTo: ReturnType<typeof vi.fn>;
/** How far the page can scroll (how long it is): jsdom lays nothing out. */
let maxY = Infinity;

function Page() {
  const navigateHere = useNavigate();
  useEffect(() => {
    navigate = navigateHere;
  }, [navigateHere]);
  return (
    <>
      <ScrollManager />
      <h2 id="details">Details</h2>
    </>
  );
}

function renderAt(url = '/products') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
}

/** The reader scrolls the window to `y` (the browser updates `scrollY`, then fires `scroll`). */
function userScrolls(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

/** Navigates to `to`, or back/forward by a number of entries. */
function go(to: string | number, options?: NavigateOptions) {
  act(() => {
    void (typeof to === 'number' ? navigate(to) : navigate(to, options));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  resetScrollPositionsForTests();
  window.scrollY = 0;
  maxY = Infinity;
  scrollTo = vi.fn((_x: number, y: number) => {
    window.scrollY = Math.min(y, maxY);
  });
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

describe('ScrollManager', () => {
  it('takes over restoration from the browser while it is mounted', () => {
    const { unmount } = renderAt();
    expect(history.scrollRestoration).toBe('manual');
    unmount();
    expect(history.scrollRestoration).toBe('auto');
  });

  it('goes to the top when the pathname changes', () => {
    renderAt();
    userScrolls(800);
    scrollTo.mockClear();
    go('/products/rt-4g');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
  });

  it('keeps the position when only the query changes (filters, tabs), pushed or replaced', () => {
    renderAt('/products?page_size=24');
    userScrolls(800);
    scrollTo.mockClear();
    go('/products?page_size=24&brand=peplink');
    go('/products?page_size=48&brand=peplink', { replace: true });
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(800);
  });

  it('goes to the top when a query-only navigation asks for it (pagers)', () => {
    renderAt('/products');
    userScrolls(2400);
    go('/products?page=2', { state: SCROLL_TO_TOP });
    expect(window.scrollY).toBe(0);
  });

  it('goes to the element the hash names', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/products');
    userScrolls(300);
    go('/products#details');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('details'));
  });

  it('restores the position of the entry on back and forward', () => {
    renderAt('/products');
    userScrolls(1200);
    go('/products/rt-4g');
    userScrolls(500);
    go(-1);
    expect(window.scrollY).toBe(1200);
    go(1);
    expect(window.scrollY).toBe(500);
  });

  it('tries a restored position again as the page grows to it, until the reader scrolls', () => {
    const observing = new Set<() => void>();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observing.add(this.callback);
        }
        disconnect() {
          observing.delete(this.callback);
        }
      },
    );
    const pageGrowsTo = (height: number) => {
      maxY = height;
      act(() => {
        for (const callback of [...observing]) callback();
      });
    };
    renderAt('/products');
    userScrolls(2000);
    go('/products/rt-4g');
    // Back to a listing whose products are still loading: the page is too short at first.
    maxY = 600;
    go(-1);
    expect(window.scrollY).toBe(600);
    pageGrowsTo(1500);
    expect(window.scrollY).toBe(1500);
    pageGrowsTo(5000);
    expect(window.scrollY).toBe(2000);
    expect(observing.size).toBe(0);

    // Once the reader scrolls, a page that grows later does not move.
    go('/products/rt-4g');
    maxY = 300;
    go(-1);
    expect(observing.size).toBe(1);
    window.dispatchEvent(new Event('wheel'));
    expect(observing.size).toBe(0);
    userScrolls(100);
    pageGrowsTo(5000);
    expect(window.scrollY).toBe(100);
  });

  it('keeps positions in sessionStorage, so a reload of the entry restores its position', () => {
    const { unmount } = renderAt('/products');
    userScrolls(900);
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(JSON.parse(sessionStorage.getItem('uplink:scroll-positions') ?? '{}')).toMatchObject({ default: 900 });

    // A reload: a fresh page (nothing in memory), the same history entry and key.
    resetScrollPositionsForTests();
    window.scrollY = 0;
    renderAt('/products');
    expect(window.scrollY).toBe(900);
  });
});
