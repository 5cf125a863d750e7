/**
 * Catalogue API shapes (issue 3). Provisional hand-written types until the backend's
 * OpenAPI document lands; then each becomes an alias of the generated schema.
 */
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

export interface ProductSummary {
  id: string;
  sku: string;
  slug: string;
  name: string;
  brand: string;
  type: ProductType;
  labels: string[];
  summary: string;
  image: string | null;
  currency: string;
  price: number;
  compare_at_price: number | null;
  stock_status: StockStatus;
  purchasable: boolean;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface PriceBand {
  min: number | null;
  max: number | null;
  count: number;
}

export interface Facets {
  category: FacetValue[];
  brand: FacetValue[];
  type: FacetValue[];
  label: FacetValue[];
  price: PriceBand[];
  in_stock: number;
}

export interface ProductPage {
  items: ProductSummary[];
  total: number;
  page: number;
  page_size: number;
  facets: Facets;
}

export interface Category {
  slug: string;
  name: string;
  description: string | null;
  product_count: number;
  children: Category[];
}

export interface Store {
  code: string;
  kind: string;
  region: string;
  name: string;
  currency: string;
}

export interface ProductImage {
  url: string;
  alt: string;
}

export interface SpecRow {
  group: string;
  name: string;
  value: string;
}

export interface PackageItem {
  item: string;
  qty: number;
}

export interface Download {
  title: string;
  kind: 'datasheet' | 'manual' | 'firmware' | 'certificate';
  url: string;
  size: number;
  version: string | null;
}

export interface PriceDelta {
  kind: 'fixed' | 'percent';
  /** Cents for fixed deltas, basis points for percent deltas. */
  value: number;
}

export interface OptionValue {
  code: string;
  label: string;
  price_delta: PriceDelta | null;
}

export interface CustomOption {
  code: string;
  label: string;
  kind: 'text' | 'select' | 'serial_numbers' | 'iccid' | 'date';
  required: boolean;
  values: OptionValue[];
  pattern: string | null;
}

export interface VariantAttribute {
  code: string;
  label: string;
  values: { code: string; label: string }[];
}

export interface Variant {
  sku: string;
  name: string;
  attributes: Record<string, string>;
  price: number;
  compare_at_price: number | null;
  stock_status: StockStatus;
  purchasable: boolean;
  image: string | null;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  categories: { slug: string; name: string }[];
  images: ProductImage[];
  min_qty: number;
  max_qty: number | null;
  qty_step: number;
  specification: SpecRow[];
  package_contents: PackageItem[];
  downloads: Download[];
  custom_options: CustomOption[];
  attributes: VariantAttribute[];
  variants: Variant[];
  related: ProductSummary[];
  term_months: number | null;
  data_allowance_mb: number | null;
  validity_days: number | null;
  stackable: boolean;
}

export interface Suggestion {
  sku: string;
  slug: string;
  name: string;
  image: string | null;
  price: number;
  currency: string;
}

export interface SerialLookup {
  serial: string;
  model: string;
  model_name: string;
  prime: boolean;
  eligible: ProductSummary[];
}
