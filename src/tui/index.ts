/**
 * The operator dashboard (`reclaim dashboard`, Ink): a store outside the components polls the
 * domains' services and hands the panes plain state; the components only draw it; keys are data.
 */
export {
  runDashboard,
  dashboardFrame,
  dashboardScope,
  createDashboardStore,
  DEFAULT_REFRESH_SECONDS,
  NOT_A_TTY_MESSAGE,
  type DashboardOptions,
} from './run.tsx';
export { App, type AppProps } from './App.tsx';
export { DashboardStore } from './store.ts';
export { dashboardSource, startOfDay, type DashboardSource } from './source.ts';
export { KEYS, CONTEXT_KEYS, helpLine, helpScreen } from './keys.ts';
export { PANES, PANE_TITLES, type PaneId, type DashboardData, type PaneTimings, type Snapshot } from './types.ts';
export { age, until, clock, money, fit, columnWidths, type Column } from './format.ts';
export { filterLines, windowOf } from './view.ts';
export {
  problemsOf,
  problemSegments,
  problemFactsOf,
  OLDEST_JOB_WARN_SECONDS,
  OLDEST_JOB_BAD_SECONDS,
  type Problem,
  type ProblemFacts,
  type Segment,
} from './problems.ts';
export { wrapText, wrapLines } from './wrap.ts';
export { percent } from './views-ops.ts';
export { took, workerState, QUEUE_ROWS, HISTORY_ROWS } from './views-system.ts';
