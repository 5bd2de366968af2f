import { afterEach, describe, expect, it, vi } from 'vitest';

import { nextPaint } from './nextPaint';

const FAKED = { toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] } as const;

describe('nextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the next animation frame, in a task of its own', async () => {
    vi.useFakeTimers({ toFake: [...FAKED.toFake] });
    const calls: string[] = [];
    const painted = nextPaint().then(() => calls.push('after paint'));
    requestAnimationFrame(() => calls.push('same frame'));
    await Promise.resolve();
    expect(calls).toEqual([]);
    vi.advanceTimersToNextFrame();
    await Promise.resolve();
    // The frame's own callbacks (its rendering work) come first; the promise waits for the task.
    expect(calls).toEqual(['same frame']);
    vi.runOnlyPendingTimers();
    await painted;
    expect(calls).toEqual(['same frame', 'after paint']);
  });
});
