import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // A test that spawns the binary or a server waits on a core on a loaded 2-core machine: a minute,
    // not 30 s, before it counts as hung.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork less than the cores: one fork on a 2-core machine, and the
    // suite waits on PostgreSQL, child processes and the browser most of its time.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
});
