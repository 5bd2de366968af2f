import { describe, expect, it } from 'vitest';

import type { Overview } from '../api/MonitoringApi';
import { dayChart } from '../pages/MonitoringPage';
import { countAxisMax, dayLabel, dayTicks, fillDays, rangeEnd, ticksThatFit } from './chartScale';

describe('chart scaling', () => {
  it('spans the whole chosen range, one slot per day, the data at its own days', () => {
    // An answer with only the last two days used to be drawn as two slots at the right edge.
    const filled = fillDays(
      [
        { day: '2026-03-06', count: 2 },
        { day: '2026-03-07', count: 5 },
      ],
      7,
      '2026-03-07',
    );
    expect(filled.map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(filled.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 2, 5]);
    expect(fillDays([], 90, '2026-03-07')).toHaveLength(90);
    expect(fillDays([], 30, '2026-03-07')[0]!.day).toBe('2026-02-06');
    // A day outside the range is not drawn.
    expect(fillDays([{ day: '2026-01-01', count: 9 }], 7, '2026-03-07').every((d) => d.count === 0)).toBe(true);
  });

  it('labels the first and the last day and evenly spaced days between', () => {
    expect(dayTicks(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dayTicks(30)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    const quarter = dayTicks(90);
    expect(quarter[0]).toBe(0);
    expect(quarter.at(-1)).toBe(89);
    expect(quarter).toHaveLength(7);
    expect(dayTicks(0)).toEqual([]);
    expect(dayLabel('2026-03-04')).toBe('Mar 4');
  });

  it('keeps the peak below the top edge, on a whole number, with an axis even when empty', () => {
    expect(countAxisMax([0, 4, 1])).toBe(5);
    expect(countAxisMax([10])).toBe(11);
    expect(countAxisMax([100])).toBe(110);
    expect(countAxisMax([])).toBe(1);
    expect(countAxisMax([0, 0])).toBe(1);
  });

  it("ends the range with the answer's last day, or today", () => {
    expect(rangeEnd([{ day: '2026-03-07', count: 1 }])).toBe('2026-03-07');
    expect(rangeEnd([], new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-09');
  });
});

describe("the overview's day charts", () => {
  it('draw the range the answer is for across the whole axis, labelled on the ticks', () => {
    const o = {
      days: 7,
      incidentsOpened: [{ day: '2026-03-07', count: 3 }],
      incidentsResolved: [{ day: '2026-03-05', count: 1 }],
      inspections: [],
      matchedAgain: [{ day: '2026-03-06', count: 2 }],
    } as unknown as Overview;
    const chart = dayChart(o);
    expect(chart.labels).toEqual(['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4', 'Mar 5', 'Mar 6', 'Mar 7']);
    expect(chart.opened).toEqual([0, 0, 0, 0, 0, 0, 3]);
    expect(chart.resolved).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(chart.inspections).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(chart.matchedAgain).toEqual([0, 0, 0, 0, 0, 2, 0]);
    expect(chart.ticks).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('labels only as many chosen days as the axis width holds, still the first and the last', () => {
    const chosen = dayTicks(30);
    expect(ticksThatFit(7 * 56, chosen, 30)).toEqual(chosen);
    // A card on a phone: room for four labels.
    expect(ticksThatFit(240, chosen, 30)).toEqual([0, 10, 19, 29]);
    expect(ticksThatFit(10, chosen, 30)).toEqual([0, 29]);
  });
});
