import { z } from '@/lib/zod';

/** The part of the catalogue's product card a bookmark shows (the API sends the full card, or null). */
const bookmarkProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string().optional(),
  sku: z.string().optional(),
  summary: z.string().optional(),
  image: z.object({ url: z.string(), alt: z.string().optional() }).nullish(),
  price: z.object({ cents: z.number(), currency: z.string() }).nullish(),
  price_from: z.boolean().optional(),
});
export type BookmarkProduct = z.infer<typeof bookmarkProductSchema>;

export function readBookmarkProduct(value: unknown): BookmarkProduct | null {
  const parsed = bookmarkProductSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
