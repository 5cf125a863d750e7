import { useLocation, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { loginUrl } from '@/lib/auth/return-path';
import { useCurrentUser } from '@/lib/auth/session';
import { useBookmarks, useSetBookmark } from '@/lib/bookmarks/bookmarks';

export interface BookmarkButtonProps {
  productId: string;
  productName: string;
  /** `icon`: a compact heart for product cards; `full`: icon and text for the product page. */
  appearance?: 'icon' | 'full';
  className?: string;
}

/** What every bookmark toggle of a page shares: the session, the bookmarks and the one mutation. */
export interface Bookmarks {
  /** Until the session is known, a click must not treat a signed-in visitor as a guest. */
  sessionPending: boolean;
  signedIn: boolean;
  isBookmarked: (productId: string) => boolean;
  /** True while this product's change is being saved. */
  isSaving: (productId: string) => boolean;
  toggle: (productId: string, productName: string) => void;
}

/**
 * The bookmarks' state and toggle, for one button or for a whole grid of product cards: a grid
 * calls it once and hands it to each card, so a card adds no query or mutation observer of its own
 * (twelve cards' worth of those was a good part of the home page's render on a phone, issue 33).
 */
export function useBookmarkToggle(): Bookmarks {
  const { user, isPending: sessionPending } = useCurrentUser();
  const bookmarks = useBookmarks();
  const setBookmark = useSetBookmark();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const isBookmarked = (productId: string) => !!bookmarks.data?.items.some((item) => item.product_id === productId);

  function toggle(productId: string, productName: string) {
    if (sessionPending) return;
    if (!user) {
      void navigate(loginUrl(`${location.pathname}${location.search}`));
      return;
    }
    const bookmarked = isBookmarked(productId);
    // mutateAsync: each toggle gets its own answer (mutate's callbacks fire for the latest call only).
    setBookmark.mutateAsync({ productId, bookmarked: !bookmarked }).then(
      () =>
        toast.show({
          message: bookmarked ? `Removed ${productName} from your bookmarks.` : `Bookmarked ${productName}.`,
          tone: 'success',
        }),
      (error: unknown) => {
        if (!isApiProblem(error)) {
          toast.show({ message: 'The bookmark could not be saved. Try again.', tone: 'error' });
          return;
        }
        // The messages load when one is needed (product cards on every listing carry this button).
        void import('@/lib/api/error-messages').then(
          ({ messageForProblem }) => toast.show({ message: messageForProblem(error), tone: 'error' }),
          () => toast.show({ message: 'The bookmark could not be saved. Try again.', tone: 'error' }),
        );
      },
    );
  }

  return {
    sessionPending,
    signedIn: !!user,
    isBookmarked,
    isSaving: (productId) => setBookmark.isPending && setBookmark.variables?.productId === productId,
    toggle,
  };
}

/**
 * Bookmark toggle (a pressed/not pressed button). Guests are sent to sign in and brought back;
 * signed-in visitors see the change at once (rolled back with a message if the server refuses).
 */
export function BookmarkButton(props: BookmarkButtonProps) {
  return <BookmarkToggle {...props} bookmarks={useBookmarkToggle()} />;
}

/** The button itself, on state from `useBookmarkToggle` (the cards of a grid share one). */
export function BookmarkToggle({
  productId,
  productName,
  appearance = 'icon',
  className,
  bookmarks,
}: BookmarkButtonProps & { bookmarks: Bookmarks }) {
  const bookmarked = bookmarks.isBookmarked(productId);
  const label = bookmarked ? 'Bookmarked' : 'Bookmark';
  return (
    <button
      type="button"
      className={['bookmark-button', `bookmark-button--${appearance}`, className].filter(Boolean).join(' ')}
      aria-pressed={bookmarks.signedIn ? bookmarked : undefined}
      aria-label={appearance === 'icon' ? `Bookmark ${productName}` : undefined}
      title={appearance === 'icon' ? (bookmarked ? `Remove ${productName} from bookmarks` : `Bookmark ${productName}`) : undefined}
      onClick={() => bookmarks.toggle(productId, productName)}
      disabled={bookmarks.sessionPending || bookmarks.isSaving(productId)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
          fill={bookmarked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {appearance === 'full' && <span>{label}</span>}
    </button>
  );
}
