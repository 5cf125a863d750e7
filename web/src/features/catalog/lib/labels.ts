import type { BadgeTone } from '@/components/ui/badge';
import type { ProductType, StockStatus } from '../api/types';

export const TYPE_LABELS: Record<ProductType, string> = {
  hardware: 'Hardware',
  configurable: 'Configurable hardware',
  license: 'Licence',
  cloud: 'SpeedFusion Cloud',
  'cloud-connect': 'SpeedFusion Connect',
  'cloud-unlimited': 'SpeedFusion Cloud Unlimited',
  esim: 'eSIM',
  'esim-data': 'eSIM data',
  'esim-data-pool': 'eSIM data pool',
};

export function typeLabel(type: string): string {
  return (TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** The fixed labels (SPEC §4.1) with the words shown on their badges. */
const LABEL_TEXT: Record<string, string> = {
  'SFC Management': 'SFC Management',
  'Connectivity Usage Record': 'Usage record',
  SFC_APP_VPN: 'App VPN',
};

export function labelText(label: string): string {
  return LABEL_TEXT[label] ?? label;
}

export const STOCK_TEXT: Record<StockStatus, string> = {
  in_stock: 'In stock',
  low_stock: 'Low stock',
  out_of_stock: 'Out of stock',
};

export const STOCK_TONE: Record<StockStatus, BadgeTone> = {
  in_stock: 'success',
  low_stock: 'warning',
  out_of_stock: 'danger',
};

export const SORT_LABELS = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
  newest: 'Newest first',
} as const;

export const FACET_TITLES = {
  category: 'Category',
  brand: 'Brand',
  type: 'Product type',
  label: 'Label',
} as const;
