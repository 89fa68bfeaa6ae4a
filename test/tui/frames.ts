/** Helpers of the dashboard's frame tests: the app on a store with a fixed clock, keys, and waiting on frames. */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import type { AppContext } from '../../src/app/index.ts';
import { App, createDashboardStore, type DashboardSource, type DashboardStore } from '../../src/tui/index.ts';

export const KEY = {
  tab: '\t',
  shiftTab: '\x1b[Z',
  enter: '\r',
  escape: '\x1b',
  down: '\x1b[B',
  up: '\x1b[A',
};

export interface Dashboard {
  store: DashboardStore;
  frame(): string;
  press(...keys: string[]): Promise<void>;
  waitFor(text: string | RegExp): Promise<string>;
  resize(columns: number): void;
  unmount(): void;
}

/** Waits until `check` passes (no fixed sleeps), up to `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The app on a store over the context (or the given source), refreshed once at the fixed clock. */
export async function renderDashboard(
  ctx: AppContext,
  {
    now,
    brandId,
    source,
    scope = 'all brands',
  }: { now: Date; brandId?: number; source?: DashboardSource; scope?: string },
): Promise<Dashboard> {
  const store = createDashboardStore(ctx, {
    brandId,
    refreshSeconds: 2,
    once: false,
    color: false,
    now: () => now,
    source,
  });
  await store.refresh();
  const app = render(createElement(App, { store, scope, color: false, interactive: true }));
  const frame = () => app.lastFrame() ?? '';
  const waitFor = (text: string | RegExp) =>
    eventually(() => {
      const f = frame();
      if (typeof text === 'string' ? !f.includes(text) : !text.test(f))
        throw new Error(`frame without ${String(text)}:\n${f}`);
      return f;
    });
  // Ink reads stdin after its first effects ran.
  await new Promise((r) => setTimeout(r, 50));
  return {
    store,
    frame,
    waitFor,
    async press(...keys) {
      for (const key of keys) {
        app.stdin.write(key);
        await new Promise((r) => setTimeout(r, 30));
      }
    },
    resize(columns) {
      Object.defineProperty(app.stdout, 'columns', { get: () => columns, configurable: true });
      app.stdout.emit('resize');
    },
    unmount() {
      app.unmount();
      store.stop();
    },
  };
}

/** The body rows of a frame (the lines between the tabs and the status line), without blank ones. */
export const bodyRows = (frame: string): string[] =>
  frame
    .split('\n')
    .slice(3, -2)
    .filter((line) => line.trim() !== '');

/** The selected row (marked ›). */
export const selectedRow = (frame: string): string | undefined => frame.split('\n').find((l) => l.startsWith('›'));
