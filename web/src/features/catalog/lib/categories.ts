import type { CategoryNode } from '../api/types';

/** The category with `slug` and its ancestors (root first), or null. */
export function findCategoryPath(tree: readonly CategoryNode[], slug: string): CategoryNode[] | null {
  for (const category of tree) {
    if (category.slug === slug) return [category];
    const below = findCategoryPath(category.children, slug);
    if (below) return [category, ...below];
  }
  return null;
}

export function flattenCategories(tree: readonly CategoryNode[], depth = 0): { category: CategoryNode; depth: number }[] {
  return tree.flatMap((category) => [{ category, depth }, ...flattenCategories(category.children, depth + 1)]);
}
