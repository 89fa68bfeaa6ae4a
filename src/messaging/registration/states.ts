/**
 * The automation_state machine of spec 3 section 4 (messaging provider), pure. Each state waiting
 * on our own work names the step (a job) that leaves it; the others wait on Infobip (a status
 * webhook or the poll) or on an operator.
 */

export const REGISTRATION_STATES = [
  'create_brand_pending',
  'brand_approval_pending',
  'create_campaign_pending',
  'submit_campaign_pending',
  'campaign_approval_pending',
  'campaign_approval_success',
  'migration_pending',
  'migration_complete',
  'manual_intervention',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const REGISTRATION_STEPS = [
  'create_brand',
  'create_campaign',
  'submit_campaign',
  'setup_inbound',
  'migrate_routing',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** The step that leaves a state; undefined when the state waits on Infobip or an operator. */
export const STEP_OF_STATE: Partial<Record<RegistrationState, RegistrationStep>> = {
  create_brand_pending: 'create_brand',
  create_campaign_pending: 'create_campaign',
  submit_campaign_pending: 'submit_campaign',
  campaign_approval_success: 'setup_inbound',
  migration_pending: 'migrate_routing',
};

/** The state a step starts from (a step's job does nothing in any other state). */
export const STATE_OF_STEP: Record<RegistrationStep, RegistrationState> = {
  create_brand: 'create_brand_pending',
  create_campaign: 'create_campaign_pending',
  submit_campaign: 'submit_campaign_pending',
  setup_inbound: 'campaign_approval_success',
  migrate_routing: 'migration_pending',
};

export type StatusEvent =
  | { kind: 'brand'; status: string }
  | {
      kind: 'campaign';
      status: string;
      reasons?: string | string[] | null;
      details?: Array<{ errorCode?: string | number | null; description?: string | null }> | null;
      date?: string | null;
    };

export type Transition =
  | { to: 'create_campaign_pending'; approved: true }
  | { to: 'campaign_approval_success' }
  | { to: 'manual_intervention'; reason: string; brandApproved?: false }
  | { log: string };

/** Statuses Infobip reports for a brand, as the webhook (SUCCESS/FAILURE) or the poll (ACTIVE/REJECTED). */
const BRAND_SUCCESS = new Set(['SUCCESS', 'ACTIVE', 'APPROVED', 'VERIFIED']);
const BRAND_FAILURE = new Set(['FAILURE', 'FAILED', 'REJECTED']);

/**
 * What a status event does in a state: the spec's table. An event that does not apply to the
 * current state (a repeat, a late poll) changes nothing.
 */
export function decideTransition(
  state: RegistrationState | undefined,
  event: StatusEvent,
  rejection: (event: Extract<StatusEvent, { kind: 'campaign' }>) => string,
): Transition {
  const status = event.status.toUpperCase();
  if (event.kind === 'brand') {
    if (state !== 'brand_approval_pending') return { log: `brand status ${status} in state ${state ?? 'none'}` };
    if (BRAND_SUCCESS.has(status)) return { to: 'create_campaign_pending', approved: true };
    if (BRAND_FAILURE.has(status))
      return { to: 'manual_intervention', reason: 'Brand registration failed', brandApproved: false };
    return { log: `brand status ${status}` };
  }
  if (state !== 'campaign_approval_pending') return { log: `campaign status ${status} in state ${state ?? 'none'}` };
  if (status === 'REGISTERED') return { to: 'campaign_approval_success' };
  if (status === 'REJECTED') return { to: 'manual_intervention', reason: rejection(event) };
  return { log: `campaign status ${status}` };
}

/** Where `messaging retry` resumes after a manual intervention that interrupted `from`. */
export function retryState(from: RegistrationState | undefined): RegistrationState {
  switch (from) {
    case undefined:
    case 'manual_intervention':
    case 'brand_approval_pending':
      return 'create_brand_pending';
    case 'campaign_approval_pending':
      return 'submit_campaign_pending';
    default:
      return from;
  }
}

/**
 * What an operator does next, per state (the status command prints it), with the whole command to
 * run where there is one. `failedFrom`: the state a manual intervention interrupted (a rejected
 * campaign was waiting for the carriers' approval: it can be appealed).
 */
export function nextAction(
  state: RegistrationState | undefined,
  brandId: number,
  failedFrom?: RegistrationState | null,
): string {
  switch (state) {
    case undefined:
      return `set the company settings, then run: reclaim messaging register --brand ${brandId} (reclaim messaging settings --brand ${brandId} lists what is missing)`;
    case 'create_brand_pending':
      return 'nothing: the worker is creating and registering the brand with Infobip';
    case 'brand_approval_pending':
      return 'wait for the brand approval (a status webhook or the poll every 10 minutes)';
    case 'create_campaign_pending':
      return 'nothing: the worker is choosing a number and creating the campaign';
    case 'submit_campaign_pending':
      return 'nothing: the worker is submitting the campaign';
    case 'campaign_approval_pending':
      return 'wait for the carriers to approve the campaign (usually days)';
    case 'campaign_approval_success':
      return 'nothing: the worker is setting up inbound messages';
    case 'migration_pending':
      return 'nothing: the worker is switching the sending number over';
    case 'migration_complete':
      return 'nothing: texts go out from the registered number';
    case 'manual_intervention':
      return failedFrom === 'campaign_approval_pending'
        ? `fix what the carriers named, then run: reclaim messaging appeal --brand ${brandId} --reason "what you fixed" (or reclaim messaging retry --brand ${brandId} to submit the campaign again)`
        : `fix the cause shown, then run: reclaim messaging retry --brand ${brandId}`;
  }
}
