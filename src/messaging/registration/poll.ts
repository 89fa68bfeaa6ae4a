/**
 * The poll of registrations waiting on Infobip (the `tendlc_poll` schedule). Infobip documents no
 * brand-status webhook, and a campaign webhook can be lost, so the worker reads the brand's
 * registrar statuses (ACTIVE -> approved, REJECTED -> failed) and the campaign's stage (REGISTERED,
 * REJECTED) and applies the same transitions as the webhook; whichever reports a change first
 * moves the registration, the other finds it moved and changes nothing.
 */
import type { AppContext } from '../../app/index.ts';
import { applyStatusEvent, clientFor, stateOf, text, type RegistrationOptions } from './machine.ts';
import { listWaitingRegistrations } from './store.ts';

export interface PollResult {
  checked: number;
  moved: number;
  errors: number;
}

interface Feedback {
  reasons?: string[];
  details?: Array<{ errorCode?: string; description?: string }>;
  date?: string;
}

/** Rejection reasons from a campaign's feedback, in whichever of the shapes Infobip uses. */
function feedbackOf(value: unknown): Feedback {
  if (typeof value !== 'object' || value === null) return {};
  const f = value as Record<string, unknown>;
  const list = (
    Array.isArray(f.rejectionDetails) ? f.rejectionDetails : Array.isArray(f.details) ? f.details : []
  ) as Array<Record<string, unknown>>;
  const reasons = f.rejectionReasons ?? f.reasons;
  return {
    reasons: Array.isArray(reasons) ? reasons.map(String) : typeof reasons === 'string' ? [reasons] : undefined,
    details: list.map((d) => ({
      errorCode: d.errorCode === undefined ? undefined : String(d.errorCode),
      description: typeof d.description === 'string' ? d.description : undefined,
    })),
    date: typeof f.rejectionDate === 'string' ? f.rejectionDate : undefined,
  };
}

export async function pollRegistrations(ctx: AppContext, options: RegistrationOptions = {}): Promise<PollResult> {
  const waiting = await listWaitingRegistrations(ctx.db);
  const result: PollResult = { checked: waiting.length, moved: 0, errors: 0 };
  if (waiting.length === 0) return result;
  const client = clientFor(ctx, options);
  for (const row of waiting) {
    const log = ctx.logger.child({ brand_id: row.brand_id, brand_integration_id: row.id });
    try {
      if (stateOf(row) === 'brand_approval_pending') {
        const brandId = text(row, 'infobip_brand_id');
        if (!brandId) continue;
        await client.getBrand(brandId);
        const states = (await client.registrarStatuses(brandId)).map((s) => s.state.toUpperCase());
        const status = states.includes('REJECTED') ? 'FAILURE' : states.includes('ACTIVE') ? 'SUCCESS' : undefined;
        if (status && (await applyStatusEvent(ctx, row, { kind: 'brand', status }, 'poll')) === 'processed')
          result.moved += 1;
      } else {
        const campaignId = text(row, 'infobip_campaign_id');
        if (!campaignId) continue;
        const campaign = await client.getCampaign(campaignId);
        const status = (campaign.stage ?? campaign.status ?? '').toUpperCase();
        if (status !== 'REGISTERED' && status !== 'REJECTED') continue;
        const feedback = feedbackOf(campaign.campaignFeedback);
        const outcome = await applyStatusEvent(
          ctx,
          row,
          { kind: 'campaign', status, reasons: feedback.reasons, details: feedback.details, date: feedback.date },
          'poll',
        );
        if (outcome === 'processed') result.moved += 1;
      }
    } catch (error) {
      result.errors += 1;
      log.warn({ err: error }, '10DLC poll of one registration failed; it is polled again next time');
    }
  }
  return result;
}
