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
  input: { type: 'doughnut' | 'line' | 'bar'; labels: string[]; series: ChartSeries[]; text: string; grid: string },
): { destroy(): void } {
  const round = input.type === 'doughnut';
  return new Chart(canvas, {
    type: input.type,
    data: {
      labels: input.labels,
      datasets: input.series.map((s) => ({
        label: s.label,
        data: s.data,
        backgroundColor: round ? input.series[0]!.color.split(',') : s.color,
        borderColor: round ? 'transparent' : s.color,
        pointRadius: 0,
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
            scales: {
              x: { ticks: { color: input.text, maxTicksLimit: 6 }, grid: { color: input.grid } },
              y: { beginAtZero: true, ticks: { color: input.text, precision: 0 }, grid: { color: input.grid } },
            },
          }),
    },
  });
}
