import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { type ProductListParams, productListQuery } from '../lib/product-list-params';
import { adminKeys } from './query-keys';
import type {
  AdminProduct,
  AdminProductList,
  BulkPriceRequest,
  BulkPriceResult,
  ImportReport,
  MediaInfo,
  PricesSave,
  ProductInput,
  ProductSave,
  StockAdjustment,
  StockAdjustmentList,
  StockAdjustmentRequest,
} from './types';

/** `GET /admin/products`: one page of the catalogue, filtered, searched and sorted. */
export function getAdminProducts(params: ProductListParams, signal?: AbortSignal): Promise<AdminProductList> {
  return unwrap(api.GET('/api/v1/admin/products', { params: { query: productListQuery(params) }, signal }));
}

export function useAdminProducts(params: ProductListParams) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.productList(params),
      queryFn: ({ signal }) => getAdminProducts(params, signal),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

export function getAdminProduct(id: string, signal?: AbortSignal): Promise<AdminProduct> {
  return unwrap(api.GET('/api/v1/admin/products/{id}', { params: { path: { id } }, signal }));
}

export function useAdminProduct(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.product(id ?? ''),
      queryFn: ({ signal }) => getAdminProduct(id ?? '', signal),
      enabled: Boolean(id),
      retry: false,
      // The editor holds the version it loaded: never swap it under the user's typing.
      refetchOnWindowFocus: false,
    }),
  );
}

function useProductWrite<V>(write: (vars: V) => Promise<AdminProduct>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (product) => {
      client.setQueryData(adminKeys.product(product.id), product);
      void client.invalidateQueries({ queryKey: [...adminKeys.products(), 'list'] });
      if (product.parent_id) void client.invalidateQueries({ queryKey: adminKeys.product(product.parent_id) });
    },
  });
}

/** `POST /admin/products`. */
export function useCreateProduct() {
  return useProductWrite((body: ProductInput) => unwrap(api.POST('/api/v1/admin/products', { body })));
}

/** `PUT /admin/products/{id}` with the version the editor loaded (409 `version_conflict` when stale). */
export function useSaveProduct(id: string) {
  return useProductWrite((body: ProductSave) => unwrap(api.PUT('/api/v1/admin/products/{id}', { params: { path: { id } }, body })));
}

/** `POST /admin/products/{id}/variants`: a variant of a configurable product. */
export function useCreateVariant(parentId: string) {
  return useProductWrite((body: ProductInput) =>
    unwrap(api.POST('/api/v1/admin/products/{id}/variants', { params: { path: { id: parentId } }, body })),
  );
}

/** `PUT /admin/products/{id}/prices`: the per-store entries, replacing the ones it has. */
export function useSavePrices(id: string) {
  return useProductWrite((body: PricesSave) => unwrap(api.PUT('/api/v1/admin/products/{id}/prices', { params: { path: { id } }, body })));
}

export function useStockHistory(id: string) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.stockHistory(id),
      queryFn: ({ signal }): Promise<StockAdjustmentList> =>
        unwrap(api.GET('/api/v1/admin/products/{id}/stock-adjustments', { params: { path: { id } }, signal })),
      retry: false,
    }),
  );
}

/** `POST /admin/products/{id}/stock-adjustments`: a correction in one warehouse with its reason. */
export function useAdjustStock(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustmentRequest): Promise<StockAdjustment> =>
      unwrap(api.POST('/api/v1/admin/products/{id}/stock-adjustments', { params: { path: { id } }, body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.stockHistory(id) });
      void client.invalidateQueries({ queryKey: adminKeys.product(id) });
      void client.invalidateQueries({ queryKey: [...adminKeys.products(), 'list'] });
    },
  });
}

/** `POST /admin/prices/bulk`: a percent or amount change for a selection (dry run first). */
export function useBulkPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPriceRequest): Promise<BulkPriceResult> => unwrap(api.POST('/api/v1/admin/prices/bulk', { body })),
    onSuccess: (result) => {
      if (!result.dry_run) void client.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
}

/** `POST /admin/imports/products` (text/csv): a dry run lists every row's problems; else one transaction. */
export function importProducts(csv: string, dryRun: boolean): Promise<ImportReport> {
  return unwrap(
    api.POST('/api/v1/admin/imports/products', {
      params: { query: { dry_run: dryRun } },
      body: csv as never,
      bodySerializer: (body: unknown) => body as string,
      headers: { 'Content-Type': 'text/csv' },
    }),
  );
}

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importProducts(csv, dryRun),
    onSuccess: (report) => {
      if (!report.dry_run) void client.invalidateQueries({ queryKey: adminKeys.products() });
    },
  });
}

/** `POST /admin/media`: the file's bytes with its own type; the server sniffs the content and answers its key. */
export function uploadMedia(file: File, purpose: 'image' | 'download'): Promise<MediaInfo> {
  return unwrap(
    api.POST('/api/v1/admin/media', {
      params: { query: { purpose, file_name: file.name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    }),
  );
}

export function useUploadMedia() {
  return useMutation({ mutationFn: ({ file, purpose }: { file: File; purpose: 'image' | 'download' }) => uploadMedia(file, purpose) });
}

/** `POST /admin/markdown-preview`: the HTML the product page would show. */
export function previewMarkdown(markdown: string): Promise<string> {
  return unwrap(api.POST('/api/v1/admin/markdown-preview', { body: { markdown } })).then((r) => r.html);
}
