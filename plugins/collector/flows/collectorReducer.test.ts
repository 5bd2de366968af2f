import { describe, expect, it } from 'vitest';

import { canDownload, collectorReducer, type CollectorState, initialCollectorState } from './collectorReducer';
import { userDataOf } from './useCollectorWizard';

const details = { fullName: 'Ada', email: 'ada@example.com', phone: '' };
const onStep2 = (patch: Partial<CollectorState> = {}): CollectorState => ({
  ...initialCollectorState('WIN'),
  link: { kind: 'valid' },
  step: 'download',
  details,
  ...patch,
});

describe('collectorReducer', () => {
  it('continues only with a valid link', () => {
    const validating = initialCollectorState('MAC');
    expect(collectorReducer(validating, { type: 'continue', details })).toBe(validating);
    const valid = collectorReducer(validating, { type: 'linkValid' });
    expect(collectorReducer(valid, { type: 'continue', details })).toMatchObject({
      step: 'download',
      details,
      os: 'MAC',
    });
  });

  it('an invalid link goes back to the (disabled) form with its message', () => {
    expect(collectorReducer(onStep2(), { type: 'linkInvalid', message: 'The link is expired.' })).toMatchObject({
      step: 'details',
      link: { kind: 'invalid', message: 'The link is expired.' },
    });
  });

  it('Download disables after the click and stays so for that OS; the other OS may still be downloaded', () => {
    const running = collectorReducer(onStep2(), { type: 'downloadStarted' });
    expect(running.download).toEqual({ kind: 'running', os: 'WIN' });
    expect(canDownload(running)).toBe(false);
    expect(collectorReducer(running, { type: 'downloadStarted' })).toBe(running);
    expect(collectorReducer(running, { type: 'back' })).toBe(running);
    expect(collectorReducer(running, { type: 'chooseOs', os: 'MAC' })).toBe(running);
    const done = collectorReducer(running, { type: 'downloadSucceeded', os: 'WIN' });
    expect(canDownload(done)).toBe(false);
    expect(canDownload(collectorReducer(done, { type: 'chooseOs', os: 'MAC' }))).toBe(true);
  });

  it('a failure re-enables Download and is cleared by choosing another OS', () => {
    const failed = collectorReducer(onStep2({ download: { kind: 'running', os: 'WIN' } }), {
      type: 'downloadFailed',
      message: 'Error - File Not Found',
    });
    expect(canDownload(failed)).toBe(true);
    expect(collectorReducer(failed, { type: 'chooseOs', os: 'MAC' }).download).toEqual({ kind: 'idle' });
  });

  it('the request body is trimmed and carries the phone only when filled', () => {
    expect(userDataOf({ fullName: ' Ada ', email: ' a@b.io ', phone: '  ' }, 'MAC')).toEqual({
      fullName: 'Ada',
      email: 'a@b.io',
      os: 'MAC',
    });
    expect(userDataOf({ fullName: 'Ada', email: 'a@b.io', phone: ' +1 555 ' }, 'WIN')).toEqual({
      fullName: 'Ada',
      email: 'a@b.io',
      phone: '+1 555',
      os: 'WIN',
    });
  });
});
