import type { CollectorOs } from '../api/CollectorApi';

export type LinkStatus = { kind: 'validating' } | { kind: 'valid' } | { kind: 'invalid'; message: string };

/** What the visitor typed on step 1 (untrimmed, as typed). */
export interface CollectorDetails {
  fullName: string;
  email: string;
  phone: string;
}

export type DownloadStatus =
  | { kind: 'idle' }
  | { kind: 'running'; os: CollectorOs }
  /** Spec §4: Download disables after the click; choosing the other OS offers its download. */
  | { kind: 'done'; os: CollectorOs }
  | { kind: 'failed'; message: string };

export interface CollectorState {
  link: LinkStatus;
  step: 'details' | 'download';
  details: CollectorDetails;
  os: CollectorOs;
  download: DownloadStatus;
}

export type CollectorEvent =
  | { type: 'linkValid' }
  | { type: 'linkInvalid'; message: string }
  | { type: 'continue'; details: CollectorDetails }
  | { type: 'back' }
  | { type: 'chooseOs'; os: CollectorOs }
  | { type: 'downloadStarted' }
  | { type: 'downloadSucceeded'; os: CollectorOs }
  | { type: 'downloadFailed'; message: string };

export function initialCollectorState(os: CollectorOs): CollectorState {
  return {
    link: { kind: 'validating' },
    step: 'details',
    details: { fullName: '', email: '', phone: '' },
    os,
    download: { kind: 'idle' },
  };
}

/** True when the Download button may be pressed for the chosen OS. */
export function canDownload(state: CollectorState): boolean {
  if (state.link.kind !== 'valid' || state.step !== 'download') return false;
  const { download } = state;
  return (
    download.kind === 'idle' || download.kind === 'failed' || (download.kind === 'done' && download.os !== state.os)
  );
}

export function collectorReducer(state: CollectorState, event: CollectorEvent): CollectorState {
  switch (event.type) {
    case 'linkValid':
      return state.link.kind === 'validating' ? { ...state, link: { kind: 'valid' } } : state;
    case 'linkInvalid':
      // Whatever the step, an invalid link sends the visitor back to the (disabled) form.
      return { ...state, link: { kind: 'invalid', message: event.message }, step: 'details' };
    case 'continue':
      return state.link.kind === 'valid' ? { ...state, step: 'download', details: event.details } : state;
    case 'back':
      return state.download.kind === 'running' ? state : { ...state, step: 'details' };
    case 'chooseOs': {
      if (state.download.kind === 'running') return state;
      // A failure belongs to the OS it happened for.
      const download = state.download.kind === 'failed' ? { kind: 'idle' as const } : state.download;
      return { ...state, os: event.os, download };
    }
    case 'downloadStarted':
      return canDownload(state) ? { ...state, download: { kind: 'running', os: state.os } } : state;
    case 'downloadSucceeded':
      return { ...state, download: { kind: 'done', os: event.os } };
    case 'downloadFailed':
      return { ...state, download: { kind: 'failed', message: event.message } };
  }
}
