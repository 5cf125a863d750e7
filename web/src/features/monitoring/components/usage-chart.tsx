import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDayMonth } from '@/lib/time-format';
import type { UsageDay } from '../api/types';
import { axisNumber, chartColumns, chartUnit, dailySummary } from '../lib/daily';

const HEIGHT = 200;
const HALF_DAY = 43_200;

/** A design token's colour for the canvas (uPlot paints, so it needs the value, not the variable). */
function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function options(days: readonly UsageDay[], width: number, readout: HTMLElement | null): uPlot.Options {
  const unit = chartUnit(days);
  const brand = token('--color-brand', '#173f8f');
  const muted = token('--color-text-muted', '#4a5566');
  const grid = token('--color-border', '#d5d9e0');
  const font = `12px ${token('--font-sans', 'system-ui, sans-serif')}`;
  const bars = uPlot.paths.bars?.({ size: [0.7, 28, 2], align: 0 });
  return {
    width,
    height: HEIGHT,
    // Usage days are UTC days: lay the time axis out in UTC, whatever the browser's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    padding: [8, 8, 0, 0],
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    // No legend: pointing at a bar shows its day and amount in the readout under the chart.
    legend: { show: false },
    hooks: {
      setCursor: [
        (u) => {
          if (!readout) return;
          const index = u.cursor.idx;
          const seconds = index == null ? undefined : u.data[0][index];
          const amount = index == null ? undefined : u.data[1]?.[index];
          readout.textContent =
            seconds == null || amount == null ? '' : `${formatDayMonth(seconds * 1000)}: ${axisNumber(amount)} ${unit.label}`;
        },
      ],
    },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    series: [
      {
        label: 'Day',
        value: (_u, seconds) => (seconds == null ? '—' : formatDayMonth(seconds * 1000)),
      },
      {
        label: 'Used',
        fill: brand,
        stroke: brand,
        width: 0,
        paths: bars,
        points: { show: false },
        value: (_u, amount) => (amount == null ? '—' : `${axisNumber(amount)} ${unit.label}`),
      },
    ],
    axes: [
      {
        stroke: muted,
        font,
        space: 56,
        grid: { show: false },
        ticks: { stroke: grid },
        values: (_u, splits) => splits.map((seconds) => formatDayMonth(seconds * 1000)),
      },
      {
        stroke: muted,
        font,
        size: 64,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => splits.map((amount) => `${axisNumber(amount)} ${unit.label}`),
      },
    ],
  };
}

/**
 * Daily use as bars (uPlot, loaded only by the monitoring screen group, and only once an item's
 * figures arrive). The canvas is one image to assistive technology, named by a summary; the table
 * beside it carries every figure.
 */
export default function UsageChart({ days, title }: { days: readonly UsageDay[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLParagraphElement>(null);
  const data = useMemo(() => chartColumns(days), [days]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(options(days, element.clientWidth || 320, readout.current), data, element);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            const width = Math.floor(entry?.contentRect.width ?? 0);
            if (width > 0 && width !== plot.width) plot.setSize({ width, height: HEIGHT });
          });
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, data]);
  return (
    <div className="usage-chart" role="img" aria-label={`${title}. ${dailySummary(days)}`}>
      <div ref={box} className="usage-chart__plot" />
      <p ref={readout} className="usage-chart__readout" />
    </div>
  );
}
