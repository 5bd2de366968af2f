import { defineConfig } from 'vitest/config';

// The plugin's own tests, run from its folder (`npm test`): pages render in jsdom, and
// testing-library unmounts each test's render only when vitest's globals are on.
export default defineConfig({ test: { environment: 'jsdom', globals: true } });
