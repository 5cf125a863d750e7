import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import type { CustomOption, Download, PackageItem, SpecRow } from '../api/types';
import { formatBytes } from '@/lib/bytes';
import { describeDelta } from '../lib/pricing';

/** The fixed tab names (SPEC §4.4), in display order; also the `?tab=` values. */
export const PRODUCT_TABS = ['specification', 'package-content', 'download', 'custom-options'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export const TAB_LABELS: Record<ProductTab, string> = {
  specification: 'Specification',
  'package-content': 'Package content',
  download: 'Download',
  'custom-options': 'Custom options',
};

export interface ProductTabsProps {
  specification: readonly SpecRow[];
  packageContents: readonly PackageItem[];
  downloads: readonly Download[];
  customOptions: readonly CustomOption[];
}

/** The tabs that have content, in the fixed order. */
export function availableTabs(props: ProductTabsProps): ProductTab[] {
  const has: Record<ProductTab, boolean> = {
    specification: props.specification.length > 0,
    'package-content': props.packageContents.length > 0,
    download: props.downloads.length > 0,
    'custom-options': props.customOptions.length > 0,
  };
  return PRODUCT_TABS.filter((tab) => has[tab]);
}

function SpecificationPanel({ rows }: { rows: readonly SpecRow[] }) {
  const groups = new Map<string, SpecRow[]>();
  for (const row of rows) groups.set(row.group, [...(groups.get(row.group) ?? []), row]);
  return (
    <div className="spec">
      {[...groups].map(([group, groupRows]) => (
        <table key={group} className="spec__table">
          <caption className="spec__caption">{group}</caption>
          <tbody>
            {groupRows.map((row) => (
              <tr key={`${row.group}-${row.name}`}>
                <th scope="row">{row.name}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function PackagePanel({ items }: { items: readonly PackageItem[] }) {
  return (
    <ul className="package-list">
      {items.map((item) => (
        <li key={item.item} className="package-list__item">
          <span className="package-list__qty">{item.qty}×</span>
          <span>{item.item}</span>
        </li>
      ))}
    </ul>
  );
}

const KIND_LABELS: Record<Download['kind'], string> = {
  datasheet: 'Datasheet',
  manual: 'Manual',
  firmware: 'Firmware',
  certificate: 'Certificate',
};

function DownloadPanel({ downloads }: { downloads: readonly Download[] }) {
  return (
    <ul className="downloads">
      {downloads.map((download) => (
        <li key={download.url} className="downloads__item">
          <span className={`downloads__icon downloads__icon--${download.kind}`} aria-hidden="true">
            {download.url.split('.').pop()?.slice(0, 4).toUpperCase() ?? 'FILE'}
          </span>
          <span className="downloads__text">
            <span className="downloads__title">{download.title}</span>
            <span className="downloads__meta">
              {KIND_LABELS[download.kind] ?? download.kind}
              {download.version && ` · version ${download.version}`} · {formatBytes(download.size_bytes)}
            </span>
          </span>
          <a className="ui-button ui-button--secondary ui-button--sm" href={download.url} download>
            Download<span className="visually-hidden"> {download.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const OPTION_EXPLANATIONS: Record<CustomOption['kind'], string> = {
  serial_numbers:
    'The serial number of each device this is for (XXXX-XXXX-XXXX, on the device label). One per device: the quantity follows the number of serial numbers.',
  iccid: 'The ICCID of the eSIM: 19 or 20 digits, printed on the SIM card or shown in the eSIM settings.',
  select: 'Choose one of the options below.',
  text: 'Free text.',
  date: 'A date (YYYY-MM-DD).',
};

function CustomOptionsPanel({ options }: { options: readonly CustomOption[] }) {
  return (
    <dl className="option-docs">
      {options.map((option) => (
        <div key={option.code} className="option-docs__item">
          <dt className="option-docs__name">
            {option.label} <span className="option-docs__required">{option.required ? 'Required' : 'Optional'}</span>
          </dt>
          <dd>
            <p>{option.help ?? OPTION_EXPLANATIONS[option.kind]}</p>
            {option.kind === 'select' && option.values.length > 0 && (
              <ul className="option-docs__values">
                {option.values.map((value) => (
                  <li key={value.code}>
                    {value.label}
                    {describeDelta(value.price_delta) && (
                      <span className="option-docs__delta"> {describeDelta(value.price_delta)}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Specification, package content, downloads and custom options; the open tab is `?tab=` in the URL. */
export function ProductTabs(props: ProductTabsProps) {
  const [params, setParams] = useSearchParams();
  const section = useRef<HTMLElement>(null);
  const tabs = availableTabs(props);
  const requested = params.get('tab');
  const value = tabs.find((tab) => tab === requested) ?? tabs[0];

  // On a narrow screen the strip scrolls: a deep-linked tab (`?tab=custom-options`) is scrolled
  // into the strip's view, without scrolling the page.
  useEffect(() => {
    const list = section.current?.querySelector<HTMLElement>('[role="tablist"]');
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left;
  }, [value]);

  if (!value) return null;

  const content: Record<ProductTab, () => TabItem['content']> = {
    specification: () => <SpecificationPanel rows={props.specification} />,
    'package-content': () => <PackagePanel items={props.packageContents} />,
    download: () => <DownloadPanel downloads={props.downloads} />,
    'custom-options': () => <CustomOptionsPanel options={props.customOptions} />,
  };
  const counts: Partial<Record<ProductTab, number>> = {
    download: props.downloads.length,
    'package-content': props.packageContents.reduce((sum, item) => sum + item.qty, 0),
  };

  return (
    <section ref={section} className="product-tabs" aria-label="Product details">
      <Tabs
        label="Product details"
        value={value}
        onValueChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('tab', next);
              return updated;
            },
            // Only the query changes, so the scroll manager keeps the tab strip where it is.
            { replace: true },
          )
        }
        items={tabs.map((tab) => ({
          value: tab,
          label: (
            <>
              {TAB_LABELS[tab]}
              {counts[tab] ? <span className="ui-tabs__count"> {counts[tab]}</span> : null}
            </>
          ),
          content: content[tab](),
        }))}
      />
    </section>
  );
}
