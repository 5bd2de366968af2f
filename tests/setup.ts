import 'reflect-metadata';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy* and waitFor wait on state and end as soon as it holds; their default limit (1 s) is a
// clock, and on a busy 2-core machine a page's first render with its lazy chunks takes longer.
// The test's own timeout (vitest.config.ts) still bounds a wait that never ends.
configure({ asyncUtilTimeout: 10_000 });

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
