import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useObjectUrl } from './useObjectUrl';

describe('useObjectUrl', () => {
  const revoked: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    let next = 0;
    revoked.length = 0;
    // Defined, not assigned: another file may have left them non-writable (the unit project shares one window per worker).
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: () => `blob:${++next}`,
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: (url: string) => void revoked.push(url),
    });
  });
  afterEach(() => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: original.create });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: original.revoke });
  });

  it('gives an URL while a blob is shown and revokes it when the blob goes or changes', () => {
    const first = new Blob(['1']);
    const { result, rerender, unmount } = renderHook(({ blob }: { blob: Blob | null }) => useObjectUrl(blob), {
      initialProps: { blob: null as Blob | null },
    });
    expect(result.current).toBeNull();
    rerender({ blob: first });
    expect(result.current).toBe('blob:1');
    rerender({ blob: new Blob(['2']) });
    expect(result.current).toBe('blob:2');
    expect(revoked).toEqual(['blob:1']);
    rerender({ blob: null });
    expect(result.current).toBeNull();
    expect(revoked).toEqual(['blob:1', 'blob:2']);
    unmount();
    expect(revoked).toEqual(['blob:1', 'blob:2']);
  });
});
