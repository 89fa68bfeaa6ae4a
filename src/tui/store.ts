/**
 * The dashboard's store, outside the components: it refreshes from the source every `refreshMs`
 * (one refresh at a time; a slow one is never overlapped), keeps the last good data when a refresh
 * fails (with the error to show on one line), marks live-feed rows that arrived since the refresh
 * before, and tells its subscribers after each refresh. Components read `snapshot` and never query.
 */
import type { DashboardSource } from './source.ts';
import type { Snapshot } from './types.ts';

export interface StoreOptions {
  source: DashboardSource;
  refreshMs: number;
  /** The clock (tests fix it). */
  now?: () => Date;
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim() || 'refresh failed';

export class DashboardStore {
  readonly source: DashboardSource;
  readonly refreshMs: number;
  readonly now: () => Date;
  snapshot: Snapshot = { data: null, error: null, refreshedAt: null, timings: null, newIds: new Set() };
  private listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor({ source, refreshMs, now = () => new Date() }: StoreOptions) {
    this.source = source;
    this.refreshMs = refreshMs;
    this.now = now;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private set(next: Partial<Snapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /** One refresh now (joins the one under way, if any). */
  refresh(): Promise<void> {
    this.running ??= this.load().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async load(): Promise<void> {
    const at = this.now();
    try {
      const { data, timings } = await this.source.load(at);
      const before = this.snapshot.data;
      const seen = new Set(before?.live.map((c) => c.id) ?? []);
      const newIds = before ? new Set(data.live.filter((c) => !seen.has(c.id)).map((c) => c.id)) : new Set<number>();
      this.set({ data, error: null, refreshedAt: at, timings, newIds });
    } catch (error) {
      this.set({ error: message(error) });
    }
  }

  /** Refreshes now and then every `refreshMs` after the previous refresh ended. */
  start(): void {
    this.stopped = false;
    const tick = async (): Promise<void> => {
      await this.refresh();
      if (!this.stopped) this.timer = setTimeout(() => void tick(), this.refreshMs);
    };
    void tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  /** Waits for a refresh under way (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }
}
