/**
 * Starting workflow conversations, in the caller's transaction: the conversation (hidden until the
 * shopper replies), its first outgoing message (auto_queued, due at scheduledFor: the send job
 * applies quiet hours), a short link to the cart and a reserved discount code (the code is created
 * at the store later, by the send job). Batches use a handful of set-based statements whatever
 * their size; one conversation is a batch of one. Any failure is 'Failed to create
 * conversation/message' and, the caller's transaction being aborted, nothing of it stays.
 */
import { randomBytes } from 'node:crypto';
import { AppError, isAppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import {
  CODE_USAGE_LIMIT,
  COULD_NOT_GENERATE_CODE,
  MAX_CODE_TRIES,
  codeLengthForAttempt,
  codeWindow,
  generateCode,
  insertPendingCodes,
  nextDiscountCodeIds,
  reserveDiscountCode,
  type CodePlatform,
  type CodeType,
  type RandomInt,
} from '../discounts/index.ts';
import {
  allocateConversationIds,
  insertShortLinks,
  insertWorkflowConversations,
  insertWorkflowMessages,
  rewriteMessageBodies,
} from './store/create.ts';

export const FAILED_TO_CREATE_CONVERSATION = 'Failed to create conversation/message';
export const SHORT_LINK_CODE_LENGTH = 8;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random base62 characters (rejection sampling keeps them uniform). */
export function newShortCode(length = SHORT_LINK_CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export const shortLinkUrl = (base: string, code: string): string => `${base.replace(/\/+$/, '')}/r/${code}`;

export interface ConversationDiscount {
  discountRuleId: number | null;
  platform: CodePlatform;
  /** The brand's code prefix (null: LR). */
  prefix?: string | null;
  type?: CodeType;
  durationDays?: number;
  usageLimit?: number;
  /** The random source codes are drawn from (tests: seededRandom); crypto by default. */
  random?: RandomInt;
}

export interface MessageParts {
  /** The short link, or null without a link target. */
  cartLink: string | null;
  /** The reserved code, or null (no discount, or a BigCommerce workflow). */
  discountCode: string | null;
}

export interface StartConversationInput {
  brandId: number;
  workflowId: number;
  contactId: number;
  contactChannelId: number;
  cartId?: number | null;
  checkoutId?: number | null;
  orderId?: number | null;
  /** The text, with {cart_link} and {discount_code} filled in here; or a function of the link and code. */
  body: string | ((parts: MessageParts) => string);
  scheduledFor: Date;
  /** The cart or checkout URL the short link redirects to. */
  shortLinkTarget?: string | null;
  discount?: ConversationDiscount | null;
  /** Base of short links (default http://localhost:3000; pass publicBaseUrl(ctx.config)). */
  linkBaseUrl?: string;
  /** More facts for the message's extra_data (e.g. send_before, a campaign's cutoff). */
  extra?: Record<string, unknown>;
}

export interface StartedConversation {
  conversationId: number;
  messageId: number;
  body: string;
  shortLinkCode: string | null;
  shortLinkUrl: string | null;
  discountCodeId: number | null;
  discountCode: string | null;
}

const DEFAULT_LINK_BASE = 'http://localhost:3000';

/** One conversation with its first message (see the file comment). */
export async function startConversation(tx: Handle, input: StartConversationInput): Promise<StartedConversation> {
  const [started] = await startConversations(tx, [input]);
  return started!;
}

/** Many conversations at once (same rules as startConversation), in input order. */
export async function startConversations(
  tx: Handle,
  inputs: StartConversationInput[],
  { now = new Date() }: { now?: Date } = {},
): Promise<StartedConversation[]> {
  if (inputs.length === 0) return [];
  try {
    return await create(tx, inputs, now);
  } catch (error) {
    if (isAppError(error) && error.message === COULD_NOT_GENERATE_CODE) throw error;
    throw new AppError('internal', FAILED_TO_CREATE_CONVERSATION, { code: 'conversation_not_created', cause: error });
  }
}

async function create(tx: Handle, inputs: StartConversationInput[], now: Date): Promise<StartedConversation[]> {
  const n = inputs.length;
  const drawn = inputs.map((_, k) => k).filter((k) => inputs[k]!.discount && inputs[k]!.discount!.type !== 'static');
  // Ids are taken up front, so every row is written once, already linked to the others.
  const { conversationIds, messageIds } = await allocateConversationIds(tx, n);
  const codeIds = await nextDiscountCodeIds(tx, drawn.length);

  await insertWorkflowConversations(
    tx,
    inputs.map((input, k) => ({
      id: conversationIds[k]!,
      brandId: input.brandId,
      workflowId: input.workflowId,
      contactId: input.contactId,
      contactChannelId: input.contactChannelId,
      cartId: input.cartId ?? null,
      checkoutId: input.checkoutId ?? null,
      orderId: input.orderId ?? null,
    })),
  );

  const codes: (Reserved | undefined)[] = inputs.map(() => undefined);
  await reserveStaticCodes(tx, inputs, conversationIds, codes, now);
  drawn.forEach((k, i) => (codes[k] = { id: codeIds[i]!, code: '', shared: false }));
  let pending = drawCodes(inputs, drawn, codes, 0);

  const links = inputs.map((i) => (i.shortLinkTarget ? newShortCode() : null));
  const render = (k: number): string => {
    const input = inputs[k]!;
    const cartLink = links[k] ? shortLinkUrl(input.linkBaseUrl ?? DEFAULT_LINK_BASE, links[k]!) : null;
    const discountCode = codes[k]?.code || null;
    if (typeof input.body === 'function') return input.body({ cartLink, discountCode });
    return input.body.replaceAll('{cart_link}', cartLink ?? '').replaceAll('{discount_code}', discountCode ?? '');
  };
  const bodies = inputs.map((_, k) => render(k));
  if (bodies.some((b) => b.trim() === '')) throw new Error('a workflow message rendered empty');

  await insertWorkflowMessages(
    tx,
    inputs.map((input, k) => ({
      id: messageIds[k]!,
      brandId: input.brandId,
      conversationId: conversationIds[k]!,
      body: bodies[k]!,
      scheduledFor: input.scheduledFor,
      extra: {
        ...input.extra,
        workflow_message: true,
        ...(codes[k] ? { discount_code_id: codes[k]!.id } : {}),
        ...(links[k] ? { short_link_code: links[k] } : {}),
      },
    })),
  );

  // The drawn codes: one insert; a code the brand already has is skipped, drawn again (6
  // characters, 4 retries, then 8) and its message rewritten. In practice one statement.
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const taken = await insertCodes(tx, inputs, pending, codes, conversationIds, messageIds, now);
    if (taken.length === 0) break;
    if (attempt >= MAX_CODE_TRIES)
      throw new AppError('conflict', COULD_NOT_GENERATE_CODE, { code: 'discount_code_unavailable' });
    pending = drawCodes(inputs, taken, codes, attempt);
    for (const k of taken) bodies[k] = render(k);
    await rewriteMessageBodies(
      tx,
      taken.map((k) => ({ id: messageIds[k]!, body: bodies[k]! })),
    );
  }

  const linked = inputs.map((_, k) => k).filter((k) => links[k] !== null);
  if (linked.length > 0) {
    const inserted = await insertShortLinks(
      tx,
      linked.map((k) => ({
        brandId: inputs[k]!.brandId,
        conversationId: conversationIds[k]!,
        messageId: messageIds[k]!,
        code: links[k]!,
        targetUrl: inputs[k]!.shortLinkTarget!,
      })),
    );
    if (inserted !== linked.length) throw new Error('short link code collision');
  }

  return inputs.map((input, k) => ({
    conversationId: conversationIds[k]!,
    messageId: messageIds[k]!,
    body: bodies[k]!,
    shortLinkCode: links[k],
    shortLinkUrl: links[k] ? shortLinkUrl(input.linkBaseUrl ?? DEFAULT_LINK_BASE, links[k]!) : null,
    discountCodeId: codes[k]?.id ?? null,
    discountCode: codes[k]?.code ?? null,
  }));
}

interface Reserved {
  id: number;
  code: string;
  /** A static code: one row the brand's conversations share. */
  shared: boolean;
}

/** Static codes are the brand's own: one shared row per brand and code (reserveDiscountCode). */
async function reserveStaticCodes(
  tx: Handle,
  inputs: StartConversationInput[],
  conversationIds: number[],
  codes: (Reserved | undefined)[],
  now: Date,
): Promise<void> {
  for (const [k, input] of inputs.entries()) {
    const discount = input.discount;
    if (discount?.type !== 'static') continue;
    const reserved = await reserveDiscountCode(tx, {
      brandId: input.brandId,
      workflowId: input.workflowId,
      discountRuleId: discount.discountRuleId,
      conversationId: conversationIds[k],
      prefix: discount.prefix ?? null,
      type: 'static',
      platform: discount.platform,
      durationDays: discount.durationDays,
      now,
    });
    if (reserved) codes[k] = { ...reserved, shared: true };
  }
}

/**
 * Draws a code for each of `which` (try number `attempt`: 6 characters, then 8), distinct per
 * brand within the batch. A workflow that gets no code (BigCommerce) loses its slot. Returns the
 * ones that now hold a code to insert.
 */
function drawCodes(
  inputs: StartConversationInput[],
  which: number[],
  codes: (Reserved | undefined)[],
  attempt: number,
): number[] {
  const inBatch = new Set(
    codes.flatMap((c, k) => (c && c.code && !which.includes(k) ? [`${inputs[k]!.brandId}:${c.code}`] : [])),
  );
  const out: number[] = [];
  for (const k of which) {
    const d = inputs[k]!.discount!;
    let code: string;
    let tries = 0;
    do {
      code = generateCode(
        {
          prefix: d.prefix ?? null,
          type: d.type ?? 'dynamic',
          platform: d.platform,
          length: codeLengthForAttempt(attempt + Math.floor(tries / 4)),
        },
        d.random,
      );
      tries += 1;
    } while (code && inBatch.has(`${inputs[k]!.brandId}:${code}`));
    if (!code) {
      codes[k] = undefined;
      continue;
    }
    inBatch.add(`${inputs[k]!.brandId}:${code}`);
    codes[k]!.code = code;
    out.push(k);
  }
  return out;
}

/** Inserts the drawn codes with their conversation and message; returns the ones the brand already had. */
async function insertCodes(
  tx: Handle,
  inputs: StartConversationInput[],
  which: number[],
  codes: (Reserved | undefined)[],
  conversationIds: number[],
  messageIds: number[],
  now: Date,
): Promise<number[]> {
  const windows = which.map((k) => codeWindow(now, inputs[k]!.discount!.durationDays));
  const inserted = new Set(
    await insertPendingCodes(
      tx,
      which.map((k, i) => ({
        id: codes[k]!.id,
        brand_id: inputs[k]!.brandId,
        workflow_id: inputs[k]!.workflowId,
        discount_rule_id: inputs[k]!.discount!.discountRuleId ?? null,
        conversation_id: conversationIds[k]!,
        message_id: messageIds[k]!,
        code: codes[k]!.code,
        starts_at: windows[i]!.startsAt,
        ends_at: windows[i]!.endsAt,
        usage_limit: inputs[k]!.discount!.usageLimit ?? CODE_USAGE_LIMIT,
      })),
    ),
  );
  return which.filter((k) => !inserted.has(codes[k]!.id));
}
