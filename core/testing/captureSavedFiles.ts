import { vi } from 'vitest';

/** A file the download service handed to the browser to save. */
export interface SavedFile {
  /** The anchor's `download`: the file name the user gets. */
  name: string;
  /** The object URL it pointed at. */
  href: string;
}

/**
 * Records what the browser would save. The download service saves through an object URL and a
 * clicked anchor; jsdom has no object URLs and would navigate on the click. Call it in a test or
 * a `beforeEach`; `vi.restoreAllMocks()` undoes the click stub.
 */
export function captureSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:fake/1') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}
