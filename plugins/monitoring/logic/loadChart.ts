import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

import type { ChartSeries } from '../components/ChartCanvas/ChartCanvas';
import { countAxisMax, PLOT_PADDING, ticksThatFit } from './chartScale';

// Only what the overview draws: chart.js tree-shakes the rest away.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export function createChart(
  canvas: HTMLCanvasElement,
  input: {
    type: 'doughnut' | 'line' | 'bar';
    labels: string[];
    series: ChartSeries[];
    axes?: { x: string; y: string };
    ticks?: readonly number[];
    text: string;
    grid: string;
  },
): { destroy(): void } {
  const round = input.type === 'doughnut';
  const title = (text: string | undefined) => (text ? { display: true, text, color: input.text } : { display: false });
  return new Chart(canvas, {
    type: input.type,
    data: {
      labels: input.labels,
      datasets: input.series.map((s) => ({
        label: s.label,
        data: s.data,
        backgroundColor: round ? input.series[0]!.color.split(',') : s.color,
        borderColor: round ? 'transparent' : s.color,
        pointRadius: round ? 0 : 2,
        // Drawn into the padding: the first and last points and the line's width are not cut at the edge.
        ...(round ? {} : { clip: false as const }),
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: input.text,
      plugins: { legend: { labels: { color: input.text } } },
      ...(round
        ? {}
        : {
            layout: { padding: PLOT_PADDING },
            scales: {
              x: {
                // Every day is a slot from the left edge to the right one; only the chosen ones are labelled.
                offset: input.type === 'bar',
                title: title(input.axes?.x),
                ticks: {
                  color: input.text,
                  autoSkip: false,
                  maxRotation: 0,
                  // As many of the chosen labels as the axis' width holds ("Nov 19Nov 23" ran together).
                  callback(this: { width: number }, _value: unknown, index: number) {
                    if (!input.ticks) return input.labels[index] ?? '';
                    return ticksThatFit(this.width, input.ticks, input.labels.length).includes(index)
                      ? (input.labels[index] ?? '')
                      : null;
                  },
                },
                grid: { color: input.grid },
              },
              y: {
                beginAtZero: true,
                max: countAxisMax(input.series.flatMap((s) => s.data)),
                title: title(input.axes?.y),
                ticks: { color: input.text, precision: 0 },
                grid: { color: input.grid },
              },
            },
          }),
    },
  });
}
