/**
 * Runs the dashboard: the live app in the terminal's alternate screen (left as it was on quit), or
 * one frame as text (--once). Without a terminal it refuses (the CLI checks first) and names the
 * --json commands that give the same data.
 */
import { render, renderToString } from 'ink';
import { analyticsDb, operatorBrandList } from '../analytics/index.ts';
import type { AppContext } from '../app/index.ts';
import { App } from './App.tsx';
import { dashboardSource, type DashboardSource } from './source.ts';
import { DashboardStore } from './store.ts';

export const DEFAULT_REFRESH_SECONDS = 2;

/** Every command named here runs as written once ID is a brand's (--brand) or a staff user's (--user) id. */
export const NOT_A_TTY_MESSAGE = [
  'reclaim dashboard needs an interactive terminal, and this is not one (stdout or stdin is not a TTY).',
  'The same data comes as JSON from:',
  '  reclaim stats live --brand ID --json         the live feed',
  '  reclaim stats workflows --brand ID --json    workflows and their outcomes',
  '  reclaim workflows list --brand ID --json     workflows, status and paused',
  '  reclaim webhooks list --failed --json        failed and dead-lettered webhooks',
  '  reclaim webhooks list --stuck --json         webhooks stuck in the queue',
  '  reclaim stores list --json                   store integrations',
  '  reclaim messaging status --json              10DLC registrations',
  '  reclaim notifications list --user ID --json  billing sync, store and 10DLC alerts (of a staff user)',
  'or one frame as text: reclaim dashboard --once',
].join('\n');

export interface DashboardOptions {
  brandId?: number;
  refreshSeconds: number;
  once: boolean;
  /** Colour unless NO_COLOR is set (non-empty). */
  color: boolean;
  /** The clock (tests). */
  now?: () => Date;
  /** The data source (default: the services over the context). */
  source?: DashboardSource;
}

/** "all brands", or the brand's name ('Brand not found' when it does not exist). */
export async function dashboardScope(ctx: AppContext, brandId?: number): Promise<string> {
  if (brandId === undefined) return 'all brands';
  const [brand] = await operatorBrandList(analyticsDb(ctx), { brandId });
  return `${brand!.name} (brand ${brand!.id})`;
}

export function createDashboardStore(ctx: AppContext, options: DashboardOptions): DashboardStore {
  return new DashboardStore({
    source: options.source ?? dashboardSource(ctx, { brandId: options.brandId }),
    refreshMs: options.refreshSeconds * 1000,
    now: options.now,
  });
}

/** One frame as text, at the terminal's size (or 100x30 when it has none). Returns it and whether the refresh worked. */
export async function dashboardFrame(
  ctx: AppContext,
  options: DashboardOptions,
  size = { columns: process.stdout.columns || 100, rows: process.stdout.rows || 30 },
): Promise<{ frame: string; ok: boolean }> {
  const scope = await dashboardScope(ctx, options.brandId);
  const store = createDashboardStore(ctx, options);
  await store.refresh();
  const frame = renderToString(
    <App store={store} scope={scope} color={options.color} size={size} interactive={false} />,
    { columns: size.columns },
  );
  return { frame, ok: store.snapshot.error === null };
}

const ALT_SCREEN_ON = '\x1b[?1049h';
const ALT_SCREEN_OFF = '\x1b[?1049l';

/** The live dashboard until q or Ctrl-C (or SIGTERM); the terminal is restored on the way out. */
export async function runDashboard(ctx: AppContext, options: DashboardOptions): Promise<void> {
  const scope = await dashboardScope(ctx, options.brandId);
  const store = createDashboardStore(ctx, options);
  process.stdout.write(ALT_SCREEN_ON);
  const instance = render(<App store={store} scope={scope} color={options.color} interactive />, {
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const onSignal = () => instance.unmount();
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  store.start();
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    store.stop();
    await store.settled();
    instance.cleanup();
    process.stdout.write(ALT_SCREEN_OFF);
  }
}
