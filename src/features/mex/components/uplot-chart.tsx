/**
 * The level chart drawn by uPlot. Its own chunk with uPlot's stylesheet, loaded only
 * by the meX dashboard. uPlot sizes its elements through element.style (CSSOM, allowed by the
 * CSP; it writes no <style> element), and its colours are the design tokens read at runtime.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MexReadingPoint } from '../../../api/contract/mex';
import { berlinDay, formatShortDayDe } from '../../../lib/dates';
import { formatQuantity } from '../../../lib/format';
import styles from './level-chart.module.css';

export const CHART_HEIGHT = 240;

function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export default function UplotChart({
  points,
  capacity,
  label,
}: {
  points: readonly MexReadingPoint[];
  capacity: number;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const sorted = [...points].sort((a, b) => Date.parse(a.At) - Date.parse(b.At));
    const data: uPlot.AlignedData = [
      sorted.map((p) => Date.parse(p.At) / 1000),
      sorted.map((p) => p.Litres),
    ];
    const brand = token('--color-brand-600');
    const muted = token('--color-text-muted');
    const grid = token('--color-border');
    const font = `12px ${token('--font-sans') || 'sans-serif'}`;
    const axis = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: () => [0, capacity] } },
        axes: [
          {
            ...axis,
            values: (_u, splits) =>
              splits.map((s) => formatShortDayDe(berlinDay(new Date(s * 1000)))),
          },
          {
            ...axis,
            size: 64,
            values: (_u, splits) => splits.map((s) => `${formatQuantity(s)} L`),
          },
        ],
        series: [
          {},
          {
            label: 'Liter',
            stroke: brand,
            width: 2,
            fill: `${brand}22`,
            points: { show: sorted.length < 40 },
          },
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points, capacity]);

  return <div ref={host} className={styles.plot} role="img" aria-label={label} />;
}
