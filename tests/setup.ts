import 'reflect-metadata';

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// The unit project runs without isolation (vitest.config.ts: one jsdom and one module graph per
// worker, ~3x faster), so what a test file changes in the shared window must not reach the next
// file: storage, cookies and the URL blob functions some tests replace.
type UrlBlobFunctions = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
const pristine = ((
  globalThis as { __pristineUrl?: Record<keyof UrlBlobFunctions, PropertyDescriptor | undefined> }
).__pristineUrl ??= {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
});

afterAll(() => {
  // Files that pick `@vitest-environment node` have no window to reset.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  for (const key of ['createObjectURL', 'revokeObjectURL'] as const) {
    const descriptor = pristine[key];
    if (descriptor) Object.defineProperty(URL, key, { ...descriptor, configurable: true, writable: true });
    else delete (URL as Partial<UrlBlobFunctions>)[key];
  }
});
