import type { Category } from '../api/types';

/** The category with `slug` and its ancestors (root first), or null. */
export function findCategoryPath(tree: readonly Category[], slug: string): Category[] | null {
  for (const category of tree) {
    if (category.slug === slug) return [category];
    const below = findCategoryPath(category.children, slug);
    if (below) return [category, ...below];
  }
  return null;
}

export function flattenCategories(tree: readonly Category[], depth = 0): { category: Category; depth: number }[] {
  return tree.flatMap((category) => [{ category, depth }, ...flattenCategories(category.children, depth + 1)]);
}
