import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, type ApiHandler } from '@/testing/api-mock';
import { cart, me, session } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { formatDateTime } from '@/lib/time-format';
import type { UsageItem } from '../api/types';
import { daily, days, esim, ICCID, pool, SERIAL, subscription, usageList } from '../test/fixtures';
import { MonitoringPage } from './monitoring-page';

// uPlot paints on a canvas jsdom doesn't have: a stand-in records what the chart was given.
const charts = vi.hoisted(() => [] as { data: unknown; element: HTMLElement; destroyed: boolean }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (date: Date) => date;
    width = 320;
    entry: { data: unknown; element: HTMLElement; destroyed: boolean };
    constructor(_options: unknown, data: unknown, element: HTMLElement) {
      this.entry = { data, element, destroyed: false };
      charts.push(this.entry);
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { default: FakePlot };
});

const ITEM_URL = (id: string) => `/api/v1/me/usage/${encodeURIComponent(id)}`;

function setup(items: UsageItem[] | null, handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi({
    'GET /api/v1/auth/session': () => session(items ? me() : null),
    'GET /api/v1/me/usage': () => usageList(items ?? []),
    [`GET ${ITEM_URL('sub_1')}/daily`]: () => daily('sub_1'),
    [`GET ${ITEM_URL(ICCID)}/daily`]: () => daily(ICCID),
    [`GET ${ITEM_URL('pool_1')}/daily`]: () => daily('pool_1'),
    ...handlers,
  });
  renderPage(<MonitoringPage />, '/monitoring');
  return api;
}

const card = async (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  charts.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('monitoring page', { timeout: 20_000 }, () => {
  it('asks a guest to sign in and come back to /monitoring, without asking for usage', async () => {
    const { calls } = setup(null);
    expect(await screen.findByRole('heading', { name: 'Sign in to see the usage of your plans' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fmonitoring');
    expect(calls.some((call) => call.url.pathname.startsWith('/api/v1/me/usage'))).toBe(false);
  });

  it('asks to sign in again when the session ended meanwhile', async () => {
    setup([], { 'GET /api/v1/me/usage': () => problem(401, 'unauthenticated') });
    expect(await screen.findByRole('heading', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?return_to=%2Fmonitoring');
  });

  it('tells a customer with nothing to monitor what to buy, with links to the catalogue', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'Nothing to monitor yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SpeedFusion Cloud plans' })).toHaveAttribute('href', '/speedfusioncloud');
    expect(screen.getByRole('link', { name: 'eSIM data bundles' })).toHaveAttribute('href', '/categories/esim-data-bundles');
    expect(screen.getByRole('link', { name: 'Data pools' })).toHaveAttribute('href', '/categories/esim-data-pools');
    expect(screen.getByRole('link', { name: 'Data plan licences' })).toHaveAttribute('href', '/categories/data-plan-license');
  });

  it('says what to do when the usage does not load, and loads it again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    setup([subscription()], {
      'GET /api/v1/me/usage': () => (++attempts === 1 ? problem(503, 'server_error', { detail: undefined }) : usageList([subscription()])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your usage didn’t load. Something went wrong on our side. Try again in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('SpeedFusion Cloud 100 GB — 1 year')).toBeInTheDocument();
  });

  it('shows a subscription’s device, figures, meter, period and run-out date', async () => {
    setup([subscription()]);
    const article = await card('SpeedFusion Cloud 100 GB — 1 year');
    const item = within(article);
    expect(item.getByText('Subscription')).toBeInTheDocument();
    expect(item.getByText('1A2B-3C4D-5E6F — Head office')).toBeInTheDocument();
    const figures = (label: string) => item.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(figures('Allowance')).toHaveTextContent('100 GB');
    expect(figures('Used')).toHaveTextContent('23 GB (23%)');
    expect(figures('Remaining')).toHaveTextContent('77 GB');
    expect(figures('Period')).toHaveTextContent('1 Oct 2026 – 1 Oct 2027 · 309 days left');
    const meter = item.getByRole('meter', { name: 'Data used' });
    expect(meter).toHaveAttribute('aria-valuenow', '23552');
    expect(meter).toHaveAttribute('aria-valuemax', '102400');
    expect(meter).toHaveAttribute('aria-valuetext', '23 GB of 100 GB used (23%)');
    expect(item.getByText('At this rate, runs out on 15 January 2027.')).toBeInTheDocument();
    expect(screen.getByText(/1 item · figures as of 26 November 2026/)).toBeInTheDocument();
  });

  it('shows what an eSIM and a pool are, and an unlimited plan without meter or alert', async () => {
    setup([
      esim(),
      pool(),
      subscription({ id: 'sub_2', name: 'SpeedFusion Cloud Unlimited', unlimited: true, allowance_mb: null, remaining_mb: null, run_out_on: null, top_up: null, sfc: null }),
    ], { [`GET ${ITEM_URL('sub_2')}/daily`]: () => daily('sub_2') });
    const sim = within(await card('Uplink eSIM Global'));
    expect(sim.getByText(ICCID)).toBeInTheDocument();
    expect(sim.getByText('At this rate, runs out on 29 November 2026.')).toBeInTheDocument();
    const fleet = within(await card('Fleet pool 500 GB'));
    expect(fleet.getByText('3 eSIMs')).toBeInTheDocument();
    expect(fleet.getByText('Not enough recent use to project a run-out date.')).toBeInTheDocument();
    expect(fleet.queryByRole('button', { name: /Top up/ })).not.toBeInTheDocument();
    const unlimited = within(await card('SpeedFusion Cloud Unlimited'));
    expect(unlimited.getByText('Unlimited data: nothing runs out.')).toBeInTheDocument();
    expect(unlimited.queryByRole('meter')).not.toBeInTheDocument();
    expect(unlimited.queryByRole('heading', { name: 'Low-data alert' })).not.toBeInTheDocument();
    expect(unlimited.getAllByText('Unlimited')).toHaveLength(2);
  });

  it('draws 30 days of bars and offers the same figures as a table', async () => {
    const user = userEvent.setup();
    const { calls } = setup([subscription()]);
    const item = within(await card('SpeedFusion Cloud 100 GB — 1 year'));
    const chart = await item.findByRole('img', { name: /^Daily use of SpeedFusion Cloud 100 GB — 1 year, last 30 days\./ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('45 GB used in the last 30 days; the busiest day was 26 Nov with 2.9 GB.'));
    expect(calls.find((call) => call.url.pathname.endsWith('/daily'))?.url.searchParams.get('days')).toBe('30');
    expect(charts).toHaveLength(1);
    const [x, y] = charts[0]!.data as [number[], number[]];
    expect(x).toHaveLength(30);
    expect(x[29]).toBe(Date.UTC(2026, 10, 26) / 1000);
    expect(y[0]).toBeCloseTo(100 / 1024);

    await user.click(item.getByText('Show the daily figures as a table'));
    const table = item.getByRole('table', { name: 'Daily use of SpeedFusion Cloud 100 GB — 1 year, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Download', 'Upload', 'Total']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Thu 26 Nov');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2.2 GB', '750 MB', '2.9 GB']);
    expect(within(rows[30]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['75 MB', '25 MB', '100 MB']);
  });

  it('shows progress while the daily figures load, and what to do when they fail', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    let attempts = 0;
    setup([subscription()], {
      [`GET ${ITEM_URL('sub_1')}/daily`]: async () => {
        attempts += 1;
        if (attempts === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          return problem(503, 'server_error', { detail: undefined });
        }
        return daily('sub_1', days(30));
      },
    });
    const item = within(await card('SpeedFusion Cloud 100 GB — 1 year'));
    expect((await item.findByText('Loading the daily figures…')).closest('[role="status"]')).not.toBeNull();
    release();
    const alert = await item.findByRole('alert');
    expect(alert).toHaveTextContent('The daily figures didn’t load. Something went wrong on our side. Try again in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await item.findByRole('img', { name: /^Daily use of/ })).toBeInTheDocument();
  });

  it('checks the alert threshold before sending it: per cent from 1 to 99', async () => {
    const user = userEvent.setup();
    const { calls } = setup([subscription()], { [`PUT ${ITEM_URL('sub_1')}/alert`]: () => ({ alert: null }) });
    const item = within(await card('SpeedFusion Cloud 100 GB — 1 year'));
    expect(item.getByText('Off. Choose a threshold below and we’ll e-mail you when the data runs low.')).toBeInTheDocument();
    await user.click(item.getByRole('radio', { name: 'When a share of the data is left (%)' }));
    const field = item.getByRole('textbox', { name: /Per cent of the allowance left/ });
    expect(field).toHaveValue('10');
    await user.clear(field);
    await user.type(field, '100');
    await user.click(item.getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Enter a whole percentage from 1 to 99\./));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('sends a GB threshold as MB and says when it is already reached', async () => {
    const user = userEvent.setup();
    const { calls } = setup([esim()], {
      [`PUT ${ITEM_URL(ICCID)}/alert`]: ({ body }) => ({
        alert: { ...(body as { kind: 'mb'; value: number }), reached: true, last_sent_at: null },
      }),
    });
    const item = within(await card('Uplink eSIM Global'));
    await user.click(item.getByRole('radio', { name: 'When an amount of data is left (GB)' }));
    const field = item.getByRole('textbox', { name: /Data left, in GB/ });
    await user.clear(field);
    await user.type(field, '2.5');
    await user.click(item.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(item.getByText(/^Saved\. This threshold is already reached — 1 GB is left, so no e-mail goes out now\./)).toBeInTheDocument(),
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/me/usage/${ICCID}/alert`);
    expect(put?.body).toEqual({ kind: 'mb', value: 2560 });
    expect(put?.headers.get('X-CSRF-Token')).toBeNull();
    // The list now holds the saved alert: its state says so too.
    expect(item.getByText(/^Already reached \(1 GB left\)/)).toBeInTheDocument();
  });

  it('turns the alert off, and puts the server’s field errors on the field', async () => {
    const user = userEvent.setup();
    let answer: 'refuse' | 'ok' = 'refuse';
    const { calls } = setup([subscription({ alert: { kind: 'percent', value: 20, reached: false, last_sent_at: '2026-11-20T14:05:00Z' } })], {
      [`PUT ${ITEM_URL('sub_1')}/alert`]: () =>
        answer === 'refuse'
          ? problem(422, 'validation_failed', {
              errors: [{ field: 'value', code: 'validation_failed', message: 'The threshold must be below the allowance.' }],
            })
          : { alert: null },
    });
    const item = within(await card('SpeedFusion Cloud 100 GB — 1 year'));
    expect(item.getByText('On: we’ll e-mail you when 20% of the data is left.')).toBeInTheDocument();
    expect(item.getByText(`Last e-mail sent on ${formatDateTime('2026-11-20T14:05:00Z')}.`)).toBeInTheDocument();
    const field = item.getByRole('textbox', { name: /Per cent of the allowance left/ });
    expect(field).toHaveValue('20');
    await user.click(item.getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The threshold must be below the allowance\./));
    expect(item.getByRole('alert')).toHaveTextContent('The alert wasn’t saved. Correct the highlighted choice and save again.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ kind: 'percent', value: 20 });

    answer = 'ok';
    await user.click(item.getByRole('radio', { name: 'Don’t e-mail me' }));
    expect(item.queryByRole('textbox', { name: /Per cent/ })).not.toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Save alert' }));
    expect(await item.findByText('Saved: the low-data alert is off.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ kind: 'off' });
  });

  it('tops an eSIM up: its data bundle goes in the cart with the ICCID filled in', async () => {
    const user = userEvent.setup();
    const { calls } = setup([esim()], { 'POST /api/v1/cart/lines': () => json(cart([]), 201) });
    const item = within(await card('Uplink eSIM Global'));
    expect(item.getByText(/Adds/)).toHaveTextContent(`Adds eSIM Data 10 GB / 30 days to your cart for eSIM ${ICCID}.`);
    await user.click(item.getByRole('button', { name: 'Top up Uplink eSIM Global' }));
    const done = await item.findByText(/^Added eSIM Data 10 GB \/ 30 days/);
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(within(done.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ sku: 'ESIM-DATA-10GB-30D', options: { iccid: ICCID } });
  });

  it('says an eSIM without a data bundle has no data yet and offers one, without a meter or an alert', async () => {
    const user = userEvent.setup();
    const bare = esim({ allowance_mb: 0, used_mb: 0, remaining_mb: 0, run_out_on: null });
    const { calls } = setup([bare], { 'POST /api/v1/cart/lines': () => json(cart([]), 201) });
    const item = within(await card('Uplink eSIM Global'));
    expect(item.getByText('No data on this eSIM yet.')).toBeInTheDocument();
    expect(item.queryByRole('meter')).toBeNull();
    expect(item.queryByText(/used up/)).toBeNull();
    expect(item.queryByText(/100 ?%/)).toBeNull();
    expect(item.queryByRole('group', { name: 'E-mail me' })).toBeNull();
    expect(item.queryByLabelText('Per cent of the allowance left')).toBeNull();
    await user.click(item.getByRole('button', { name: 'Add a data bundle Uplink eSIM Global' }));
    await item.findByText(/^Added eSIM Data 10 GB \/ 30 days/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ sku: 'ESIM-DATA-10GB-30D', options: { iccid: ICCID } });
  });

  it('tops a device plan up with the serial, and says why the cart refused one', async () => {
    const user = userEvent.setup();
    const { calls } = setup([subscription()], {
      'POST /api/v1/cart/lines': () => problem(422, 'not_sold_in_store', { detail: 'SpeedFusion Cloud 20 GB / 1 month is not sold in US Store.' }),
    });
    const item = within(await card('SpeedFusion Cloud 100 GB — 1 year'));
    await user.click(item.getByRole('button', { name: 'Top up SpeedFusion Cloud 100 GB — 1 year' }));
    expect(await item.findByRole('alert')).toHaveTextContent(
      'SpeedFusion Cloud 20 GB / 1 month wasn’t added to your cart. SpeedFusion Cloud 20 GB / 1 month is not sold in US Store.',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ sku: 'SFC-20GB-1M', serials: [SERIAL] });
  });

  it('shows SFC management: expiry, auto-renewal and a stacking preview for the device', async () => {
    const user = userEvent.setup();
    const { calls } = setup([subscription()], {
      [`GET /api/v1/me/devices/${SERIAL}/plan-preview`]: ({ url }) => ({
        serial: SERIAL,
        sku: url.searchParams.get('sku'),
        family: 'cloud',
        current: { remaining_mb: 78_848, unlimited: false, expires_at: '2027-10-01T00:00:00Z' },
        result: {
          allowance_mb: url.searchParams.get('sku') === 'SFC-20GB-1M' ? 99_328 : 181_248,
          unlimited: false,
          carried_mb: 78_848,
          expires_at: url.searchParams.get('sku') === 'SFC-20GB-1M' ? '2027-10-31T00:00:00Z' : '2028-10-01T00:00:00Z',
          capped: false,
        },
      }),
    });
    const article = await card('SpeedFusion Cloud 100 GB — 1 year');
    const sfc = within(within(article).getByRole('region', { name: 'SFC Management' }));
    expect(sfc.getByText('Expires', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1 October 2027, in 309 days');
    expect(sfc.getByText('Auto-renew', { selector: 'dt' }).nextElementSibling).toHaveTextContent('On — charged to your saved card');
    expect(sfc.getByRole('link', { name: `Change auto-renewal for ${SERIAL}` })).toHaveAttribute(
      'href',
      `/account/device-management?serial=${SERIAL}`,
    );
    expect(calls.some((call) => call.url.pathname.endsWith('/plan-preview'))).toBe(false);

    await user.click(sfc.getByText(`Preview stacking a plan on ${SERIAL}`));
    expect(await sfc.findByText('Carries 77 GB, new expiry 31 October 2027 (97 GB in all).')).toBeInTheDocument();
    await user.selectOptions(sfc.getByRole('combobox', { name: 'Plan' }), 'SFC-100GB-1Y');
    expect(await sfc.findByText('Carries 77 GB, new expiry 1 October 2028 (177 GB in all).')).toBeInTheDocument();
    expect(sfc.getByRole('link', { name: 'Compare every SpeedFusion Cloud plan' })).toHaveAttribute('href', '/speedfusioncloud');
  });
});
