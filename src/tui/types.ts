/** The plain state the dashboard's store hands the panes, and the view model the panes draw. */
import type { OperatorBrand, OperatorConversation, OperatorWorkflow } from '../analytics/index.ts';
import type { JobHistory, QueueOverview } from '../jobs/index.ts';
import type { RegistrationStatus, SendingOverview } from '../messaging/index.ts';
import type { RaisedNotification } from '../notifications/index.ts';
import type { StoreIntegrationListing } from '../stores/index.ts';
import type { DeadLetter, DeadLetterSummary, WebhookHealth } from '../webhooks/index.ts';

export const PANES = ['live', 'workflows', 'sending', 'system'] as const;
export type PaneId = (typeof PANES)[number];

export const PANE_TITLES: Record<PaneId, string> = {
  live: 'Live feed',
  workflows: 'Workflows',
  sending: 'Sending',
  system: 'System',
};

export interface WorkerCounts {
  running: number;
  silent: number;
  stopped: number;
  released: number;
}

export interface SystemData {
  queue: QueueOverview;
  /** Every worker's row counted by state (the queue lists only the newest). */
  worker_counts: WorkerCounts;
  /** A running worker without a heartbeat for this long is silent (four heartbeats). */
  silent_after_seconds: number;
  /** Runs of the last hour and the jobs that failed for good. */
  jobs: JobHistory;
  /** Per source: dead-lettered, failed and stuck webhooks. */
  webhooks: WebhookHealth[];
  /** 10DLC registrations waiting for an operator (manual_intervention): retry or appeal. */
  registrations: RegistrationStatus[];
  dead_letter_sources: DeadLetterSummary[];
  dead_letters: DeadLetter[];
  /** Billing sync failures raised in the last 24 hours. */
  billing_failures: RaisedNotification[];
  /** Store integrations that are not connected, or connected with a health problem. */
  integrations: StoreIntegrationListing[];
}

export interface DashboardData {
  brands: OperatorBrand[];
  live: OperatorConversation[];
  workflows: OperatorWorkflow[];
  sending: SendingOverview;
  system: SystemData;
}

/** Database time of the last refresh, per pane, in milliseconds. */
export type PaneTimings = Record<PaneId, number>;

export interface Snapshot {
  /** The last good data; null until the first refresh succeeds. */
  data: DashboardData | null;
  /** The error of the last refresh when it failed (the data above is the last good one). */
  error: string | null;
  refreshedAt: Date | null;
  timings: PaneTimings | null;
  /** Live-feed conversations that were not there at the refresh before. */
  newIds: ReadonlySet<number>;
}

/** What a row of a pane stands for: enter, p and r act on it. */
export type Item =
  | { kind: 'conversation'; id: number; brandId: number }
  | { kind: 'workflow'; id: number; brandId: number; name: string; brand: string; paused: boolean; status: string }
  | { kind: 'webhook'; id: number; status: string; detail: string[] }
  | { kind: 'job'; id: string; task: string; failed: boolean; detail: string[] }
  | { kind: 'registration'; brandId: number; brand: string; state: string; campaign: boolean; detail: string[] }
  | { kind: 'detail'; title: string; detail: string[] };

export type Tone = 'new' | 'good' | 'bad' | 'warn' | 'dim' | 'title' | 'header';

export interface Line {
  text: string;
  tone?: Tone;
  item?: Item;
  /** Belongs to the item line above it (hidden with it by a filter). */
  attached?: boolean;
}

export interface ThreadView {
  title: string;
  lines: Line[];
}
