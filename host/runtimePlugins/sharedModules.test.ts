import { describe, expect, it } from 'vitest';

import { SHARED_MODULES } from '@common/runtimePlugins/sharedModules';

import { installSharedModules, sharedModules } from './sharedModules';

describe('shared modules', () => {
  it('are the names plugin:pack keeps external (tests/consoleSdk.test.ts checks the shims)', () => {
    expect(Object.keys(sharedModules).sort()).toEqual([...SHARED_MODULES].sort());
  });

  it("answer the host's own instances", async () => {
    const target = {};
    const lookup = installSharedModules(target);
    const [react, jsx, wouter, sdk] = (await Promise.all(
      ['react', 'react/jsx-runtime', 'wouter', '@console/plugin-sdk'].map(lookup),
    )) as [
      typeof import('react'),
      typeof import('react/jsx-runtime'),
      typeof import('wouter'),
      typeof import('@core/sdk'),
    ];
    expect(react.useState).toBe((await import('react')).useState);
    expect(jsx.jsx).toBe((await import('react/jsx-runtime')).jsx);
    expect(wouter.useLocation).toBe((await import('wouter')).useLocation);
    expect(sdk.useService).toBe((await import('@core/react/useService')).useService);
    expect(installSharedModules(target)).toBe(lookup);
  });
});
