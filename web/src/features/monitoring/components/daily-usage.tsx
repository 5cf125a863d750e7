import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { reportBoundaryError } from '@/lib/error-reporting';
import { useDailyUsage } from '../api/get-daily-usage';
import type { UsageItem } from '../api/types';
import { DAILY_DAYS, dailySummary } from '../lib/daily';
import { problemText } from '../lib/problem-text';
import { DailyTable } from './daily-table';

/** The chart and uPlot: a chunk of their own, requested once an item's figures are here. */
const UsageChart = lazy(() => import('./usage-chart'));

/** Keeps a chart that can't load or draw (old browser, lost connection) from taking the card with it. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    try {
      reportBoundaryError(error, info.componentStack ?? undefined, 'MONITORING');
    } catch {
      // A broken reporter must not hide the table.
    }
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="usage-daily__note">
          The chart couldn’t be drawn. Open the table below for the same figures, or reload the page to try again.
        </p>
      );
    }
    return this.props.children;
  }
}

function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="usage-daily__loading" role="status">
      <Skeleton height="200px" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The last 30 days of one item: a bar chart, a sentence, and the same figures as a table. */
export function DailyUsage({ item }: { item: UsageItem }) {
  const daily = useDailyUsage(item.id);
  const title = `Daily use of ${item.name}, last ${DAILY_DAYS} days`;
  if (daily.isPending) return <ChartSkeleton label="Loading the daily figures…" />;
  if (daily.isError) {
    const gone = isApiProblem(daily.error) && daily.error.status === 404;
    return (
      <div className="form-alert form-alert--error usage-daily__error" role="alert">
        <p>
          {gone
            ? 'The daily figures for this item aren’t available: it may have left your account. Reload the page to see your current list.'
            : `The daily figures didn’t load. ${problemText(daily.error, 'Check your connection and try again.')}`}
        </p>
        {gone ? (
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        ) : (
          <Button variant="secondary" size="sm" loading={daily.isFetching} onClick={() => void daily.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const days = daily.data.days;
  return (
    <div className="usage-daily">
      {days.length > 0 && (
        <ChartBoundary>
          <Suspense fallback={<ChartSkeleton label="Loading the chart…" />}>
            <UsageChart days={days} title={title} />
          </Suspense>
        </ChartBoundary>
      )}
      <p className="usage-daily__summary">{dailySummary(days)}</p>
      {days.length > 0 && (
        <details className="usage-daily__table">
          <summary>Show the daily figures as a table</summary>
          <DailyTable days={days} caption={title} />
        </details>
      )}
    </div>
  );
}
