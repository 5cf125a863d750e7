import { describe, expect, it } from 'vitest';
import type { DownloadItem } from '../api/types';
import { groupDownloads, kindLabel } from './download-sections';

const item = (section: DownloadItem['section'], title: string): DownloadItem => ({
  section,
  kind: 'invoice',
  title,
  context: 'Order UL-000001',
  order_number: 'UL-000001',
  file_name: 'invoice-UL-000001.pdf',
  content_type: 'application/pdf',
  size_bytes: null,
  version: null,
  url: '/api/v1/downloads/v1.x',
  issued_at: '2026-11-01T10:00:00Z',
});

describe('groupDownloads', () => {
  it('keeps every section in the page order, empty ones included', () => {
    const groups = groupDownloads([item('product_files', 'Datasheet'), item('invoices', 'Invoice')]);
    expect(groups.map((g) => [g.section, g.items.map((i) => i.title)])).toEqual([
      ['invoices', ['Invoice']],
      ['licence_certificates', []],
      ['esim_qr_codes', []],
      ['product_files', ['Datasheet']],
    ]);
  });

  it('names kinds for people, and passes unknown ones through', () => {
    expect(kindLabel('proforma')).toBe('Proforma invoice (PDF)');
    expect(kindLabel('something-new')).toBe('something-new');
  });
});
