// @vitest-environment node
import { describe, expect, it } from 'vitest';

// @ts-expect-error plain ESM script without type declarations
import { startOptions } from '../scripts/start.mjs';

/** `npm start` (scripts/start.mjs): the build's size table only on request. */
describe('npm start options', () => {
  it('hides the size table by default and shows it with --verbose', () => {
    expect(startOptions([])).toEqual({ verbose: false });
    expect(startOptions(['--verbose'])).toEqual({ verbose: true });
  });

  it('refuses an option it does not know, naming it', () => {
    expect(() => startOptions(['--verbsoe'])).toThrow('unknown option --verbsoe (npm start accepts --verbose)');
  });
});
