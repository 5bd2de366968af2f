import { Classes } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';

export interface ChartSeries {
  label: string;
  data: number[];
  color: string;
}

export interface ChartCanvasProps {
  type: 'doughnut' | 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  /** What the chart shows, for its label (the table beside it carries the numbers). */
  summary: string;
  /** Line and bar: the axes' titles (what the x slots and the y values are). */
  axes?: { x: string; y: string };
  /** Line and bar: the slots whose label is drawn (chartScale's dayTicks); every one when absent. */
  ticks?: readonly number[];
}

/**
 * A chart.js chart, loaded on first use inside monitoring's chunk with only the controllers it
 * needs (never in /login's first load). The canvas is an image with a summary; the numbers are
 * in the table every chart has beside it. Text and grid follow the dark theme.
 */
export function ChartCanvas({ type, labels, series, summary, axes, ticks }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    // No 2D context (jsdom, a locked-down browser): the table beside the chart says it all.
    if (!element || typeof element.getContext !== 'function' || !('ResizeObserver' in window)) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('../../logic/loadChart').then(({ createChart }) => {
      if (cancelled) return;
      const dark = document.body.classList.contains(Classes.DARK);
      chart = createChart(element, {
        type,
        labels,
        series,
        ...(axes ? { axes } : {}),
        ...(ticks ? { ticks } : {}),
        text: dark ? '#e5e8eb' : '#1c2127',
        grid: dark ? 'rgba(255,255,255,0.15)' : 'rgba(0,0,0,0.1)',
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [type, labels, series, axes, ticks]);
  return (
    <div className="monitoring-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
