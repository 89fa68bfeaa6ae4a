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
    // expect.poll's default of 1 s fails a browser or worker test whose page or job is merely slow on a
    // loaded machine; a poll stops as soon as it passes, so a longer limit costs a passing test nothing.
    expect: { poll: { timeout: 15_000 } },
  },
});
