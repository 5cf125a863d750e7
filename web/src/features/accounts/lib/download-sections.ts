import type { DownloadItem, DownloadSection } from '../api/types';

interface SectionText {
  section: DownloadSection;
  title: string;
  /** Shown when the section has nothing yet: where its files come from. */
  empty: string;
}

/** The page's sections, in order, with what each says when empty. */
export const DOWNLOAD_SECTIONS: readonly SectionText[] = [
  { section: 'invoices', title: 'Invoices', empty: 'Invoices appear here once you place an order.' },
  {
    section: 'licence_certificates',
    title: 'Licence certificates',
    empty: 'When a licence you bought is delivered, its certificate appears here.',
  },
  {
    section: 'esim_qr_codes',
    title: 'eSIM QR codes',
    empty: 'When an eSIM you bought is delivered, the QR code to install it appears here.',
  },
  {
    section: 'product_files',
    title: 'Product files',
    empty: 'Datasheets, guides and firmware of the products you bought appear here once an order is paid.',
  },
];

/** The items of each section, in the page's order. */
export function groupDownloads(items: readonly DownloadItem[]) {
  return DOWNLOAD_SECTIONS.map((text) => ({ ...text, items: items.filter((item) => item.section === text.section) }));
}

const KIND_LABELS: Record<string, string> = {
  invoice: 'Invoice (PDF)',
  proforma: 'Proforma invoice (PDF)',
  datasheet: 'Datasheet',
  manual: 'Manual',
  firmware: 'Firmware',
  certificate: 'Certificate',
  licence_certificate: 'Licence certificate (PDF)',
  esim_qr: 'QR code (PNG)',
};

/** "Datasheet", "Invoice (PDF)"; the raw kind when it is a new one. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}
