import type { components, operations } from '@/lib/api/schema';

/**
 * Catalogue API types, derived from the generated OpenAPI schema so a changed DTO breaks the build.
 *
 * One correction: the schema's string enums currently list the Rust variant names
 * (`"Hardware"`, `"InStock"`, `"SfcManagement"`) while the API sends the fixed wire names of
 * SPEC §4.1 (`"hardware"`, `"in_stock"`, `"SFC Management"`), so the enum-typed fields are
 * re-typed here with the wire values. Once the schema lists the wire values these overrides
 * become no-ops and can go.
 */
type S = components['schemas'];
type Override<T, U> = Omit<T, keyof U> & U;

export type ProductType =
  | 'hardware'
  | 'configurable'
  | 'license'
  | 'cloud'
  | 'cloud-connect'
  | 'cloud-unlimited'
  | 'esim'
  | 'esim-data'
  | 'esim-data-pool';
export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';
export type Brand = 'Uplink' | 'Pepwave';
export type Label = 'SFC Management' | 'Connectivity Usage Record' | 'SFC_APP_VPN';
export type DownloadKind = 'datasheet' | 'manual' | 'firmware' | 'certificate';
export type OptionKind = 'text' | 'select' | 'serial_numbers' | 'iccid' | 'date';
export type PrimeRequirement = 'yes' | 'no' | 'any';
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

export type ProductCard = Override<
  S['ProductCard'],
  { brand: Brand; type: ProductType; labels: Label[]; stock_status: StockStatus }
>;

export interface ValueFacet<T extends string = string> {
  value: T;
  label: string;
  count: number;
}

export type Facets = Override<
  S['Facets'],
  { brands: ValueFacet<Brand>[]; types: ValueFacet<ProductType>[]; labels: ValueFacet<Label>[] }
>;

export type ProductPage = Override<S['ProductPage'], { items: ProductCard[]; facets: Facets }>;

export type Download = Override<S['DownloadDto'], { kind: DownloadKind }>;
export type CustomOption = Override<S['CustomOptionDto'], { kind: OptionKind }>;
export type Variant = Override<
  S['VariantDto'],
  { attributes: Record<string, string>; stock_status: StockStatus }
>;
export type Eligibility = Override<S['EligibilityDto'], { prime: PrimeRequirement }>;

export type ProductDetail = Override<
  S['ProductDetail'],
  {
    brand: Brand;
    type: ProductType;
    labels: Label[];
    stock_status: StockStatus;
    eligibility?: Eligibility | null;
    variants: Variant[];
    custom_options: CustomOption[];
    downloads: Download[];
    related: ProductCard[];
  }
>;

export type Suggestion = Override<S['Suggestion'], { type: ProductType }>;
export type Suggestions = Override<S['Suggestions'], { items: Suggestion[] }>;

export type SerialLookup = Override<
  S['SerialLookup'],
  { eligible: ProductCard[]; not_eligible: { product: ProductCard; reason: string }[] }
>;

export type Store = Override<S['StoreDto'], { kind: string; region: string }>;
export type StoreList = Override<S['StoreList'], { items: Store[]; current: Store }>;

/** Query parameters of `GET /products` (and `GET /search`) as the generated client types them. */
export type ProductsQuery = NonNullable<operations['list_products']['parameters']['query']>;
