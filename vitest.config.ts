import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'hub/**/*.test.ts', 'test/**/*.test.ts', 'display/src/**/*.test.ts'],
    testTimeout: 10_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
