import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/each-file.ts'],
    // A test that spawns the binary or a server waits on a core on a loaded 2-core machine: a minute,
    // not 30 s, before it counts as hung.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork less than the cores: one fork on a 2-core machine, and the
    // suite waits on PostgreSQL, child processes and the browser most of its time. Three forks were
    // no faster on six CLI-heavy files (interleaved runs on a loaded machine: 81 and 87 s with two,
    // 97 and 82 s with three), and each fork evaluates the program's modules once more.
    maxWorkers: 2,
    // A worker runs file after file in one process and evaluates the program's modules once, not
    // once per file: every test file imports most of src/ (the helpers build the CLI's context), and
    // evaluating it again for each of ~270 files was about a third of the suite's time. A file leaves nothing
    // behind: each has its own database, closes what it starts, and no test mocks a module.
    isolate: false,
    env: { LOG_LEVEL: 'silent' },
    // expect.poll's default of 1 s fails a browser or worker test whose page or job is merely slow on a
    // loaded machine; a poll stops as soon as it passes, so a longer limit costs a passing test nothing.
    expect: { poll: { timeout: 15_000 } },
  },
});
