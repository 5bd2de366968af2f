import { useCallback, useEffect, useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { type MatchingStatus, RulesRepositoryApiToken } from '../api/RulesRepositoryApi';

/** How often a running matching is asked about. */
export const MATCHING_POLL_MS = 1500;

const busy = (status: MatchingStatus) => status.state === 'queued' || status.state === 'running';

/** The line a matching shows in place while it runs and once it ended. */
export function matchingLine(status: MatchingStatus): string {
  switch (status.state) {
    case 'queued':
      return 'Stored observations are being matched again: waiting for the worker…';
    case 'running':
      return `Stored observations are being matched again: ${status.devicesDone} of ${count(status.devicesTotal, 'device')}…`;
    case 'done':
      return `Matching again done: ${count(status.devicesDone, 'device')} matched, ${count(status.newFindings, 'new finding')}.`;
    case 'failed':
      return `Matching again failed: ${status.error ?? 'the job stopped.'}`;
    default:
      return '';
  }
}

/**
 * Follows "Stored observations are being matched again" (the tenant-wide rescan a rule-set import,
 * enable or suppression queues) to its end: `watch()` after such a change asks the server every
 * MATCHING_POLL_MS while it is queued or running, then shows the end in place and as a toast. On
 * opening the page it looks once, so a matching started elsewhere (a false positive) is followed too.
 * A matching that had already ended before the page looked is not announced.
 */
export function useMatching() {
  const api = useService(RulesRepositoryApiToken);
  const toasts = useService(ToastServiceToken);
  const [status, setStatus] = useState<MatchingStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each watch is a new run; run 0 is the look on opening the page (it announces only what it saw running).
  const [run, setRun] = useState({ n: 0, asked: false });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sawBusy = false;
    const poll = async () => {
      try {
        const next = await api.getMatching();
        if (stopped) return;
        setError(null);
        if (busy(next)) {
          sawBusy = true;
          setStatus(next);
          timer = setTimeout(() => void poll(), MATCHING_POLL_MS);
          return;
        }
        if (!run.asked && !sawBusy) return;
        setStatus(next);
        if (next.state === 'done') toasts.success('Rule sets', matchingLine(next));
        else if (next.state === 'failed') toasts.error('Rule sets', matchingLine(next));
      } catch (failure) {
        if (!stopped) setError(errorText(failure));
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, toasts, run]);

  return {
    /** The matching shown: null when none was started or seen running here. */
    status,
    line: status ? matchingLine(status) : null,
    error,
    watch: useCallback(() => {
      // Waiting at once: the last run's end must not read as this one's while the first answer is on its way.
      setStatus((last) => ({
        state: 'queued',
        queuedAt: null,
        finishedAt: null,
        devicesDone: 0,
        devicesTotal: last?.devicesTotal ?? 0,
        newFindings: 0,
        error: null,
      }));
      setRun((r) => ({ n: r.n + 1, asked: true }));
    }, []),
  };
}
