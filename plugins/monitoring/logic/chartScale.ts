import type { DayCount } from '../api/MonitoringApi';

/** The overview's periods, in the range picker's order. */
export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

/** Room around the plot so the line's width and its last point are drawn whole, not cut by the edge (px). */
export const PLOT_PADDING = { top: 8, right: 12, bottom: 0, left: 0 } as const;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every UTC day of the chosen range, ending with `lastDay` (YYYY-MM-DD), with its count (0 for
 * a day the answer lacks; days outside the range are dropped). The x axis then always spans the
 * whole range, one slot per day, whatever the answer held: a few recent days no longer crowd
 * into a sliver at the right edge, and the chart never draws a shorter range than the one picked.
 */
export function fillDays(points: readonly DayCount[], days: number, lastDay: string): DayCount[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  const counts = new Map(points.map((p) => [p.day, p.count]));
  return Array.from({ length: days }, (_, i) => {
    const day = dayOf(end - (days - 1 - i) * DAY_MS);
    return { day, count: counts.get(day) ?? 0 };
  });
}

/**
 * Which day slots carry a label: the first and the last, and evenly spaced ones between, at
 * most `max` (every day of a week, about weekly for 30 days, about fortnightly for 90).
 */
export function dayTicks(days: number, max = 7): number[] {
  if (days <= 0) return [];
  if (days <= max) return Array.from({ length: days }, (_, i) => i);
  const step = (days - 1) / (max - 1);
  return [...new Set(Array.from({ length: max }, (_, i) => Math.round(i * step)))];
}

/** The room a day's label ("Nov 23") needs on the axis, gap included. */
export const LABEL_ROOM_PX = 56;

/**
 * The chosen day slots (dayTicks) an axis `width` px wide can label without the labels running
 * together ("Nov 19Nov 23"): all of them when they fit, else fewer, still first and last.
 */
export function ticksThatFit(width: number, chosen: readonly number[], days: number): readonly number[] {
  const fit = Math.max(2, Math.floor(width / LABEL_ROOM_PX));
  return fit >= chosen.length ? chosen : dayTicks(days, fit);
}

/** A day slot's label: "Mar 4" (UTC), short enough for seven across a card. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The count axis' top: above the highest value (the line's peak is not drawn on the top edge),
 * a whole number, at least 1 (an empty range still has an axis): 4 → 5, 10 → 11, 0 → 1.
 */
export function countAxisMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  return max + Math.max(1, Math.ceil(max / 10));
}

/** The last day the range ends with: the answer's last day, or today (UTC) when it has none. */
export function rangeEnd(points: readonly DayCount[], now: Date = new Date()): string {
  return points.at(-1)?.day ?? dayOf(now.getTime());
}
