/**
 * Where the page is scrolled after an in-app navigation: what React Router's `<ScrollRestoration>`
 * did before the app left the data router for a plain `<BrowserRouter>` (D109). That component
 * needs the data router (`createBrowserRouter`), whose code was about a quarter of /mobile's entry
 * chunk while the app used none of its other features, so scrolling is handled here by hand.
 *
 * The browser's own restoration (`history.scrollRestoration = 'auto'`) does not suit a single-page
 * app: on back/forward it restores before React has rendered the previous page (so the offset is
 * clamped to the page on screen), and a `pushState` navigation keeps the old offset on the new page.
 * So restoration is 'manual' while this runs, and after each navigation:
 *
 * - PUSH or REPLACE to another pathname: the top of the page, or the element the URL's `#hash` names;
 * - PUSH or REPLACE that changes only the query or the hash: the position stays (listing filters,
 *   product tabs and variant choices rewrite the query of the page being read), unless the new hash
 *   names an element (scrolled to) or the navigation's state is `SCROLL_TO_TOP` (pagers, the top);
 * - POP (back/forward): the position saved for that history entry, else as for PUSH;
 * - the first render (a reload, or coming back from another document or screen group): the
 *   position saved for the entry, else its `#hash` element, else the top.
 *
 * Positions are keyed by `location.key` (one per history entry; a reload keeps it) and saved when
 * an entry is left and on `pagehide`, in sessionStorage so that a reload restores them too.
 * A restored page may still be loading its data and be too short for the saved offset: the
 * offset is then tried again as the page grows, for up to `RESTORE_MS` and only until the reader
 * scrolls or the next navigation.
 * Render the hook once, in the shell of the screen group it manages (the main group).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType, type Location } from 'react-router';
import { asksForTop } from '@/lib/scroll-to-top';

const STORAGE_KEY = 'uplink:scroll-positions';
/** How long a restored offset is tried again while the page grows to reach it. */
const RESTORE_MS = 3000;
/** What the reader does to scroll: each ends a pending restore. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Saved offsets by history entry, read from sessionStorage on first use. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

function savePosition(key: string, y: number): void {
  savedPositions()[key] = y;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or disabled: positions still last until the page is left.
  }
}

/** Scrolls to the element the hash names; false when there is none. */
function scrollToHash(hash: string): boolean {
  if (!hash || hash === '#') return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView();
  return true;
}

const nothingPending = () => {};

/**
 * Scrolls to `y`. When the page is still too short (its data is loading), tries again each time
 * the page grows, until it gets there, the reader scrolls, `RESTORE_MS` pass or the returned
 * function is called (the next navigation).
 */
function restoreOffset(y: number): () => void {
  window.scrollTo(0, y);
  if (window.scrollY >= y - 1 || typeof ResizeObserver === 'undefined') return nothingPending;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (window.scrollY >= y - 1) stop();
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, RESTORE_MS);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** Test hook: forget the positions read from sessionStorage. */
export function resetScrollPositionsForTests(): void {
  positions = null;
}

/** Manages the window's scroll position across navigations (see the module comment). */
export function useScrollManager(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  /** The location whose page is on screen, once the first one has been handled. */
  const shown = useRef<Location | null>(null);
  /**
   * The last offset seen by the scroll listener. The entry being left is saved with this rather than
   * with `window.scrollY` read after the navigation, when the new page is already in the DOM and a
   * shorter page may have clamped the offset.
   */
  const lastY = useRef(0);
  /** Ends the restore still waiting for the page to grow, if any. */
  const stopRestoring = useRef(nothingPending);

  useEffect(() => {
    const { history } = window;
    history.scrollRestoration = 'manual';
    lastY.current = window.scrollY;
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const onPageHide = () => {
      if (shown.current) savePosition(shown.current.key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopRestoring.current();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving for another screen group: keep this entry's position for back, hand over to the browser.
      if (shown.current) savePosition(shown.current.key, lastY.current);
      history.scrollRestoration = 'auto';
    };
  }, []);

  // A layout effect: the position is set before the browser paints the new page.
  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous?.key === location.key) return;
    shown.current = location;
    stopRestoring.current();
    if (previous) savePosition(previous.key, lastY.current);
    const placed = place(previous, location, navigationType);
    stopRestoring.current = placed.stop;
    if (placed.y !== undefined) lastY.current = placed.y;
  }, [location, navigationType]);
}

/** Where a navigation left the window: what ends a restore still in progress, and the offset now. */
interface Placed {
  stop: () => void;
  /** Undefined when the navigation did not move the window (`lastY` still holds its offset). */
  y?: number;
}

/**
 * Scrolls for the navigation from `previous` (null: the first page this manager shows) to
 * `location`.
 *
 * `window.scrollY` is read only after a restore or a scroll to an element, which lay the page out
 * anyway. Read after a scroll to the top, it made the browser lay out the whole new page inside
 * React's commit: on a phone that was the home page's longest task before its first paint
 * (issue 33). The top is 0 without asking.
 */
function place(previous: Location | null, location: Location, navigationType: NavigationType): Placed {
  if (!previous || navigationType === NavigationType.Pop) {
    const saved = savedPositions()[location.key];
    if (saved !== undefined) {
      const stop = restoreOffset(saved);
      return { stop, y: window.scrollY };
    }
    return toHashOrTop(location.hash);
  }
  const samePage = previous.pathname === location.pathname;
  const queryOrHashOnly = samePage && (previous.search !== location.search || previous.hash !== location.hash);
  if (queryOrHashOnly && !asksForTop(location.state)) {
    const moved = location.hash !== previous.hash && scrollToHash(location.hash);
    return { stop: nothingPending, y: moved ? window.scrollY : undefined };
  }
  return toHashOrTop(location.hash);
}

/** Scrolls to the element `hash` names, else to the top. */
function toHashOrTop(hash: string): Placed {
  if (scrollToHash(hash)) return { stop: nothingPending, y: window.scrollY };
  window.scrollTo(0, 0);
  return { stop: nothingPending, y: 0 };
}

/** `useScrollManager` as an element, for a shell's JSX. */
export function ScrollManager() {
  useScrollManager();
  return null;
}
