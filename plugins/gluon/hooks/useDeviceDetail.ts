import { useCallback, useEffect, useRef, useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { type DeviceDetail, GluonApiToken } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';
import { pageLoadError } from './pageLoadError';

const POLL_MS = 2000;
/** A rescan is followed this long at most (a worker that is off leaves it queued). */
const RESCAN_FOLLOW_MS = 15 * 60_000;

const busy = (detail: DeviceDetail | null) =>
  !!detail?.inspections.some((n) => n.status === 'queued' || n.status === 'running');

interface Asked {
  before: string | null;
  until: number;
}

/** Where the rescan asked from this page stands: its job row's status, in words. */
export interface RescanProgress {
  state: 'queued' | 'running' | 'done' | 'failed';
  message: string;
}

/**
 * The rescan asked on this page, followed through the device's job row (`lastRescan`): a job other
 * than the one known before the click is ours (no clock is compared). Null: none asked.
 */
function rescanProgress(detail: DeviceDetail | null, before: string | null): RescanProgress {
  const job = detail?.lastRescan;
  if (!job || job.id === before)
    return {
      state: 'queued',
      message: 'Rescan queued: stored observations are matched against the enabled rule sets.',
    };
  if (job.status === 'queued')
    return {
      state: 'queued',
      message: 'Rescan queued: stored observations are matched against the enabled rule sets.',
    };
  if (job.status === 'running')
    return { state: 'running', message: 'Rescan running: matching stored observations against the enabled rule sets…' };
  if (job.status === 'failed') return { state: 'failed', message: `Rescan failed: ${job.error ?? 'the job stopped.'}` };
  const rescan = detail?.inspections.find((n) => n.origin === 'rescan');
  return { state: 'done', message: `Rescan done: ${count(rescan?.newFindings ?? 0, 'new finding')}.` };
}

/**
 * The device page's data: detail (polled while an inspection runs or a rescan is followed), rescan
 * with its progress to its end (in place and as a toast); reports are components/ReportExport's. `allowed`: the token may read
 * reports; without it nothing is loaded.
 */
export function useDeviceDetail(deviceId: string, allowed: boolean) {
  const api = useService(GluonApiToken);
  const toasts = useService(ToastServiceToken);
  // The rescan asked here: the job row known before the click, and when to stop following. A ref
  // too: the reload the rescan starts may answer before the next render.
  const [asked, setAsked] = useState<Asked | null>(null);
  const askedRef = useRef<Asked | null>(null);
  const beforeRef = useRef<string | null>(null);
  const detail = useLoader(allowed ? gluonKeys.deviceDetail(deviceId) : null, () => api.getDevice(deviceId), {
    describe: pageLoadError('Device not found'),
    refreshMs: (data) => {
      const following = askedRef.current;
      const state = following && Date.now() < following.until ? rescanProgress(data, following.before).state : 'done';
      return busy(data) || state === 'queued' || state === 'running' ? POLL_MS : 0;
    },
  });
  const knownJob = detail.data?.lastRescan?.id ?? null;
  const rescanning = useMutation(() => api.rescanDevice(deviceId), {
    describe: errorText,
    // Before the invalidation: the reload it starts is already followed.
    onSuccess: () => {
      askedRef.current = { before: beforeRef.current, until: Date.now() + RESCAN_FOLLOW_MS };
      setAsked(askedRef.current);
    },
    invalidates: [gluonKeys.deviceDetail(deviceId)],
  });
  const { run } = rescanning;
  const rescan = useCallback(async () => {
    beforeRef.current = knownJob;
    askedRef.current = null;
    setAsked(null);
    await run();
  }, [run, knownJob]);
  const progress = asked ? rescanProgress(detail.data, asked.before) : null;

  // The end is told once, as a toast too (the page may be scrolled away from the line).
  const told = useRef<string | null>(null);
  const endedJob =
    progress && (progress.state === 'done' || progress.state === 'failed') ? detail.data?.lastRescan?.id : undefined;
  useEffect(() => {
    if (!endedJob || told.current === endedJob || !progress) return;
    told.current = endedJob;
    if (progress.state === 'done') toasts.success('Rescan done', progress.message);
    else toasts.error('Rescan failed', progress.message);
  }, [endedJob, progress, toasts]);

  return {
    detail,
    rescan,
    rescanning: rescanning.pending,
    progress,
    message: rescanning.error ?? progress?.message ?? null,
  };
}
