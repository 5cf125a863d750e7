/** Query keys of the staff error views: invalidate by prefix, e.g. `errorKeys.all`. */
export const errorKeys = {
  all: ['admin-errors'] as const,
  issues: (offset: number) => [...errorKeys.all, 'issues', offset] as const,
  issue: (id: string) => [...errorKeys.all, 'issue', id] as const,
  releases: () => [...errorKeys.all, 'releases'] as const,
  routes: (days: number) => [...errorKeys.all, 'routes', days] as const,
};
