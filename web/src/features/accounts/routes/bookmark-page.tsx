import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useBookmarks, useSetBookmark, type Bookmark } from '@/lib/bookmarks/bookmarks';
import { formatMoney } from '@/lib/money';
import { AccountLayout } from '../components/account-layout';
import { QueryFailed } from '../components/query-failed';
import { readBookmarkProduct } from '../lib/bookmark-product';

function BookmarkCard({ bookmark }: { bookmark: Bookmark }) {
  const product = readBookmarkProduct(bookmark.product);
  const setBookmark = useSetBookmark();
  const toast = useToast();
  const name = product?.name ?? 'A product no longer in this store';
  return (
    <Card as="article" className="acct-bookmark" padded={false}>
      {product?.image ? (
        <img className="acct-bookmark__image" src={product.image.url} alt="" loading="lazy" width={120} height={120} />
      ) : (
        <span className="acct-bookmark__image acct-bookmark__image--empty" aria-hidden="true" />
      )}
      <div className="acct-bookmark__body">
        {product?.brand && <p className="acct-bookmark__brand">{product.brand}</p>}
        <h2 className="acct-bookmark__name">
          {product ? <Link to={`/products/${product.slug}`}>{product.name}</Link> : name}
        </h2>
        {product?.price && (
          <p className="acct-bookmark__price">
            {product.price_from && 'From '}
            {formatMoney(product.price.cents, product.price.currency)}
          </p>
        )}
        {!product && <p className="acct-note">It isn’t sold in the store you’re shopping in. Switch store to see it.</p>}
        <Button
          size="sm"
          variant="secondary"
          loading={setBookmark.isPending}
          aria-label={`Remove ${name} from bookmarks`}
          onClick={() =>
            setBookmark.mutate(
              { productId: bookmark.product_id, bookmarked: false },
              {
                onSuccess: () => toast.show({ message: `Removed ${name} from your bookmarks.`, tone: 'success' }),
                onError: (error) =>
                  toast.show({ message: isApiProblem(error) ? messageForProblem(error) : 'Removing failed. Try again.', tone: 'error' }),
              },
            )
          }
        >
          Remove
        </Button>
      </div>
    </Card>
  );
}

/** `/account/bookmark`: bookmarked products, newest first. */
export function BookmarkPage() {
  const bookmarks = useBookmarks();
  return (
    <AccountLayout title="Bookmarks">
      {bookmarks.isPending ? (
        <Card>
          <Skeleton height="8rem" />
        </Card>
      ) : bookmarks.isError ? (
        <QueryFailed error={bookmarks.error} onRetry={() => void bookmarks.refetch()} />
      ) : bookmarks.data.items.length === 0 ? (
        <Card className="acct-card">
          <p>No bookmarks yet. Use the heart on a product to keep it here for later.</p>
          <Link to="/products">Browse products</Link>
        </Card>
      ) : (
        <ul className="acct-bookmarks" aria-label="Bookmarked products">
          {bookmarks.data.items.map((bookmark) => (
            <li key={bookmark.product_id}>
              <BookmarkCard bookmark={bookmark} />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

export default BookmarkPage;
