import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { authKeys, useCurrentUser } from '@/lib/auth/session';

export type Bookmark = components['schemas']['Bookmark'];
export type BookmarkList = components['schemas']['BookmarkList'];

/** `GET /me/bookmarks`: the signed-in account's bookmarks, newest first. */
export async function getBookmarks(signal?: AbortSignal): Promise<BookmarkList> {
  return unwrap(api.GET('/api/v1/me/bookmarks', { signal }));
}

export const bookmarksQueryOptions = () =>
  queryOptions({ queryKey: authKeys.bookmarks(), queryFn: ({ signal }) => getBookmarks(signal) });

/** The bookmarks of the signed-in visitor (never fetched for guests). */
export function useBookmarks() {
  const { user } = useCurrentUser();
  return useQuery({ ...bookmarksQueryOptions(), enabled: !!user });
}

/** `PUT /me/bookmarks/{id}` (idempotent). */
export async function putBookmark(productId: string): Promise<Bookmark> {
  return unwrap(api.PUT('/api/v1/me/bookmarks/{product_id}', { params: { path: { product_id: productId } } }));
}

/** `DELETE /me/bookmarks/{id}`. */
export async function deleteBookmark(productId: string): Promise<void> {
  await unwrap(api.DELETE('/api/v1/me/bookmarks/{product_id}', { params: { path: { product_id: productId } } }));
}

/** Adds or removes a bookmark, updating the cached list at once and rolling back on failure. */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, bookmarked }: { productId: string; bookmarked: boolean }) =>
      bookmarked ? putBookmark(productId).then(() => undefined) : deleteBookmark(productId),
    onMutate: async ({ productId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey: authKeys.bookmarks() });
      const previous = queryClient.getQueryData<BookmarkList>(authKeys.bookmarks());
      if (previous) {
        const rest = previous.items.filter((item) => item.product_id !== productId);
        const items = bookmarked
          ? [{ product_id: productId, created_at: new Date().toISOString(), product: null }, ...rest]
          : rest;
        queryClient.setQueryData<BookmarkList>(authKeys.bookmarks(), { items });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(authKeys.bookmarks(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.bookmarks() }),
  });
}
