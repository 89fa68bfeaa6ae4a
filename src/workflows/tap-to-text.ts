/**
 * Tap-to-text (type tap_to_text): a keyword a shopper texts to the brand's number, or taps as an
 * `sms:` link or QR code carrying it. The keyword (unique among the brand's active tap-to-text
 * flows) from a number that may be texted answers with the flow's greeting and waits for Y
 * (double opt-in); Y records the consent with the keyword as its source and sends the flow's
 * message, the first marketing text. An unsubscribed number sending the keyword changes nothing:
 * only START re-subscribes. A new number is made a contact by the inbound path (random group A-D);
 * when its first text is a keyword the contact gets the default contact source.
 */
import { AppError, publicBaseUrl, type AppContext } from '../app/index.ts';
import {
  confirmKeywordConsent,
  DEFAULT_CONTACT_SOURCE,
  setTapToTextPending,
  tapToTextPendingOf,
} from '../contacts/index.ts';
import { INBOUND_CONTACT_SOURCE, matchKeyword, startConversations } from '../conversations/index.ts';
import { isUniqueViolation, withTransaction } from '../db/index.ts';
import { brandSenderNumber, sendDueMessages, sendMessageNow } from '../messaging/index.ts';
import { conversationInput, sendPlan } from './campaigns/send.ts';
import { findChannelState, setContactSource, tapToTextFlowByKeyword } from './campaigns/store.ts';
import { createWorkflow } from './service.ts';
import { getBrand, getWorkflow, updateWorkflowRow, type WorkflowRow } from './store.ts';

export const NOW_FLOW_DETERMINED = 'Now flow has been determined';
export const KEYWORD_TAKEN = 'The keyword is already used by an active tap-to-text flow of the brand';
export const INVALID_KEYWORD =
  'A keyword is 2 to 20 letters or digits, and not a reserved word (STOP, HELP, START, Y, YES and their synonyms)';
export const NO_TEXTING_NUMBER = 'The brand has no texting number yet';
const CONFIRM_WORDS = ['Y', 'YES'];

export const normalizeKeyword = (text: string): string => text.trim().toUpperCase();

export function checkedKeyword(keyword: string): string {
  const k = normalizeKeyword(keyword);
  if (!/^[A-Z0-9]{2,20}$/.test(k) || matchKeyword(k) || CONFIRM_WORDS.includes(k))
    throw new AppError('invalid_input', INVALID_KEYWORD, { code: 'invalid_keyword' });
  return k;
}

export const defaultGreeting = (brand: string, keyword: string): string =>
  `${brand}: Thanks for texting ${keyword}! Reply Y to get texts from ${brand} with offers and cart reminders. Msg frequency varies. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`;

const keywordOf = (w: WorkflowRow): string => String(w.extra_data.keyword ?? '');

export interface TapToTextView {
  id: number;
  brandId: number;
  name: string;
  keyword: string;
  greeting: string;
  message: string;
  state: string;
}

export async function createTapToTextFlow(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  input: {
    brandId: number;
    keyword: string;
    message: string;
    greeting?: string;
    name?: string;
    linkUrl?: string;
    integrationId?: number;
  },
): Promise<TapToTextView> {
  const keyword = checkedKeyword(input.keyword);
  const brand = await getBrand(ctx.db, input.brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const greeting = input.greeting?.trim() || defaultGreeting(brand.name, keyword);
  try {
    const id = await withTransaction(ctx.db, async (tx) => {
      const created = await createWorkflow(
        { ...ctx, db: tx },
        {
          brandId: brand.id,
          type: 'tap_to_text',
          name: input.name,
          message: input.message,
          delayMinutes: 0,
          timezone: brand.timezone,
          integrationId: input.integrationId,
        },
      );
      await updateWorkflowRow(tx, created.id, {
        status: 'active',
        is_paused: false,
        extra_data: { keyword, greeting, campaign: { link_url: input.linkUrl ?? null, smart_sending: false } },
      });
      return created.id;
    });
    const w = (await getWorkflow(ctx.db, id))!;
    return {
      id,
      brandId: brand.id,
      name: w.name,
      keyword,
      greeting,
      message: input.message,
      state: 'active',
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', KEYWORD_TAKEN, { code: 'keyword_taken' });
    throw error;
  }
}

/** The `sms:` link a QR code or a button carries: the brand's number with the keyword as the body. */
export async function tapLink(
  ctx: Pick<AppContext, 'db'>,
  { id, brandId }: { id: number; brandId?: number },
): Promise<{ keyword: string; number: string; link: string }> {
  const w = await getWorkflow(ctx.db, id);
  if (!w || w.type !== 'tap_to_text' || (brandId !== undefined && w.brand_id !== brandId))
    throw new AppError('not_found', 'Flow not found', { code: 'flow_not_found' });
  const number = await brandSenderNumber(ctx.db, w.brand_id);
  if (!number) throw new AppError('invalid_input', NO_TEXTING_NUMBER, { code: 'no_texting_number' });
  const keyword = keywordOf(w);
  return { keyword, number, link: `sms:${number}?&body=${encodeURIComponent(keyword)}` };
}

export type TapToTextOutcome = 'none' | 'greeted' | 'confirmed' | 'ignored_unsubscribed';

/**
 * What an inbound ordinary text (not STOP, HELP or START) means for tap-to-text: a keyword of an
 * active flow, or the Y that confirms one.
 */
export async function applyTapToText(
  ctx: AppContext,
  input: {
    brandId: number;
    channelId: number;
    contactId: number;
    conversationId: number;
    body: string;
    at?: Date;
    /** The text made the contact (an unknown number): it gets the default source, not 'inbound'. */
    createdContact?: boolean;
  },
): Promise<{ outcome: TapToTextOutcome; workflowId?: number; messageId?: number }> {
  const at = input.at ?? new Date();
  const text = normalizeKeyword(input.body);
  const channel = await findChannelState(ctx.db, { brandId: input.brandId, channelId: input.channelId });
  if (!channel) return { outcome: 'none' };
  const pending = tapToTextPendingOf(channel.extra_data);
  if (CONFIRM_WORDS.includes(text) && pending) {
    const confirmed = await confirmKeywordConsent(ctx.db, { brandId: input.brandId, channelId: input.channelId, at });
    const flow = await getWorkflow(ctx.db, pending.workflow_id);
    if (!confirmed.confirmed || !flow) return { outcome: 'none' };
    const plan = await sendPlan(ctx.db, flow, { startedAt: at, linkBaseUrl: publicBaseUrl(ctx.config) });
    const member = {
      contactId: input.contactId,
      channelId: input.channelId,
      username: channel.username,
      givenName: channel.given_name,
      excluded: null,
    };
    const [started] = await withTransaction(ctx.db, (tx) =>
      startConversations(tx, [conversationInput(plan, member, at, { tap_to_text: true })], { now: at }),
    );
    await sendDueMessages(ctx, { messageIds: [started!.messageId], now: at });
    return { outcome: 'confirmed', workflowId: flow.id, messageId: started!.messageId };
  }
  const flow = await tapToTextFlowByKeyword(ctx.db, { brandId: input.brandId, keyword: text, now: at });
  if (!flow) return { outcome: 'none' };
  ctx.logger.info({ brand_id: input.brandId, workflow_id: flow.id }, NOW_FLOW_DETERMINED);
  // A contact made by a keyword has the default contact source; the keyword is its consent's source.
  if (input.createdContact)
    await setContactSource(ctx.db, {
      brandId: input.brandId,
      contactId: input.contactId,
      from: INBOUND_CONTACT_SOURCE,
      to: DEFAULT_CONTACT_SOURCE,
    });
  if (channel.status !== 'subscribed' || channel.extra_data.blocked === true)
    return { outcome: 'ignored_unsubscribed', workflowId: flow.id };
  await setTapToTextPending(ctx.db, {
    brandId: input.brandId,
    channelId: input.channelId,
    pending: { workflow_id: flow.id, keyword: text, at: at.toISOString() },
  });
  const greeting = String(flow.extra_data.greeting ?? '') || defaultGreeting('', text);
  const sent = await sendMessageNow(ctx, {
    brandId: input.brandId,
    conversationId: input.conversationId,
    body: greeting,
    isMarketing: false,
    now: at,
  });
  return { outcome: 'greeted', workflowId: flow.id, messageId: sent.messageId };
}
