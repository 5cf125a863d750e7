import type { components, operations } from '@/lib/api/schema';

/** Catalogue API types, straight from the generated OpenAPI schema so a changed DTO breaks the build. */
type S = components['schemas'];

export type ProductType = S['ProductType'];
export type StockStatus = S['StockStatus'];
export type Brand = S['Brand'];
export type Label = S['Label'];
export type DownloadKind = S['DownloadKind'];
export type OptionKind = S['OptionKind'];
export type PrimeRequirement = S['PrimeRequirement'];
export type Sort = S['Sort'];

export type Money = S['MoneyDto'];
export type ImageRef = S['ImageDto'];
export type CategoryRef = S['CategoryRef'];
export type CategoryNode = S['CategoryNode'];
export type CategoryTree = S['CategoryTree'];
export type CategoryDetail = S['CategoryDetail'];
export type CategoryFacet = S['CategoryFacet'];
export type PriceBandFacet = S['PriceBandFacet'];
export type SpecRow = S['SpecRowDto'];
export type PackageItem = S['PackageItemDto'];
export type PriceDelta = S['PriceDelta'];
export type OptionValue = S['OptionValueDto'];
export type VariantAttribute = S['VariantAttributeDto'];
export type DeviceModel = S['DeviceModelDto'];

export type ProductCard = S['ProductCard'];

export interface ValueFacet<T extends string = string> {
  value: T;
  label: string;
  count: number;
}

export type Facets = S['Facets'];
export type ProductPage = S['ProductPage'];
export type Download = S['DownloadDto'];
export type CustomOption = S['CustomOptionDto'];
export type Variant = S['VariantDto'];
export type Eligibility = S['EligibilityDto'];
export type ProductDetail = S['ProductDetail'];
export type Suggestion = S['Suggestion'];
export type Suggestions = S['Suggestions'];
export type SerialLookup = S['SerialLookup'];
export type PlanPreview = S['PlanPreview'];
export type Store = S['StoreDto'];
export type StoreList = S['StoreList'];

/** Query parameters of `GET /products` (and `GET /search`) as the generated client types them. */
export type ProductsQuery = NonNullable<operations['list_products']['parameters']['query']>;
