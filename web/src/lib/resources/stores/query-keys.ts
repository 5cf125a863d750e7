/**
 * Query keys of the stores (`GET /stores`, `GET /stores/{code}`). A store switch invalidates
 * every query (prices, stock and the catalogue change with it), these included.
 */
export const storeKeys = {
  all: ['stores'] as const,
  current: () => [...storeKeys.all, 'current'] as const,
  detail: (code: string) => [...storeKeys.all, 'detail', code] as const,
};
