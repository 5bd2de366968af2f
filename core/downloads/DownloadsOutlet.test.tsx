import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';

import { ServicesProvider } from '../react/ServicesProvider';
import { DOWNLOAD_ERROR, type DownloadItem, type DownloadService, DownloadServiceToken } from './DownloadService';
import { DownloadsOutlet } from './DownloadsOutlet';

afterEach(cleanup);

/** A fake DownloadService whose panels the test sets directly. */
class FakeDownloads implements DownloadService {
  readonly items = new BehaviorSubject<readonly DownloadItem[]>([]);
  readonly items$ = this.items.asObservable();
  readonly dismissed: string[] = [];
  start(): Promise<void> {
    return Promise.resolve();
  }
  dismiss(id: string) {
    this.dismissed.push(id);
    this.items.next(this.items.value.filter((i) => i.id !== id));
  }
}

function renderOutlet() {
  const downloads = new FakeDownloads();
  const container = rootContainer.createChildContainer();
  container.register(DownloadServiceToken, { useValue: downloads });
  render(
    <ServicesProvider container={container}>
      <DownloadsOutlet />
    </ServicesProvider>,
  );
  return downloads;
}

const base = { type: 'collector' as const, message: '', done: false };

describe('DownloadsOutlet', () => {
  it('renders nothing without downloads, then a panel with progress in MB', () => {
    const downloads = renderOutlet();
    expect(screen.queryByTestId('download-panel')).toBeNull();
    act(() =>
      downloads.items.next([
        { ...base, id: 'a', titleMessage: 'Downloading collector', loaded: 1.25 * 1024 * 1024, total: 5 * 1024 * 1024 },
      ]),
    );
    expect(screen.getByText('Downloading collector')).toBeTruthy();
    expect(screen.getByText('1.25 MB / 5.00 MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('a failed download shows the error and closes with its button', () => {
    const downloads = renderOutlet();
    act(() =>
      downloads.items.next([
        { ...base, id: 'ok', titleMessage: 'Still going', loaded: 0 },
        { ...base, id: 'bad', titleMessage: 'Installer', loaded: 0, error: DOWNLOAD_ERROR, done: true },
      ]),
    );
    expect(screen.getAllByTestId('download-panel')).toHaveLength(2);
    expect(screen.getByText('Error - File Not Found')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(downloads.dismissed).toEqual(['bad']);
    expect(screen.getAllByTestId('download-panel')).toHaveLength(1);
  });
});
