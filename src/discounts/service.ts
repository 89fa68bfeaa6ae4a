/**
 * Discount codes: reserved in the selection transaction (a row, status pending, unique per brand),
 * created at the store later by the send job (outside any transaction, so a slow store API holds
 * no lock). A 'Code must be unique' answer from the store gets a new code, up to 5 times.
 */
import { AppError, coerceError, type AppContext } from '../app/index.ts';
import type { Db, Handle } from '../db/index.ts';
import {
  BigCommerceApiError,
  createBasicDiscountCode,
  createBigCommerceCoupon,
  createFreeShippingDiscountCode,
  DISCOUNT_CODE_TAKEN,
  getBrandIntegration,
  type BrandIntegration,
} from '../stores/index.ts';
import {
  CODE_USAGE_LIMIT,
  COULD_NOT_GENERATE_CODE,
  DEFAULT_CODE_DURATION_DAYS,
  MAX_CODE_TRIES,
  STORE_CODE_RETRIES,
  codeLengthForAttempt,
  codeWindow,
  dynamicCode,
  generateCode,
  resolveDiscountRule,
  type CodePlatform,
  type CodeType,
  type RandomInt,
  type ResolvedDiscountRule,
} from './rules.ts';
import {
  changeCode,
  discountRuleRow,
  findBrandCode,
  getDiscountCode,
  insertCodeIfFree,
  integrationIdFor,
  markCreated,
  markFailed,
  type DiscountCodeRow,
} from './store.ts';

export interface ReserveOptions {
  brandId: number;
  workflowId?: number | null;
  discountRuleId?: number | null;
  /** Optional: a code can be reserved before its conversation exists, then linked (linkDiscountCode). */
  conversationId?: number | null;
  messageId?: number | null;
  /** Default: the discount rule's code_prefix. */
  prefix?: string | null;
  /** Default: the discount rule's code type. */
  type?: CodeType;
  platform: CodePlatform;
  /** Default: the discount rule's duration, else 10 days. */
  durationDays?: number;
  now?: Date;
  random?: RandomInt;
}

async function ruleDefaults(
  db: Handle,
  discountRuleId: number | null | undefined,
): Promise<ResolvedDiscountRule | undefined> {
  if (!discountRuleId) return undefined;
  return resolveDiscountRule((await discountRuleRow(db, discountRuleId)) ?? null).rule;
}

/**
 * Reserves a code for a message in the caller's transaction: a discount_codes row, status pending
 * (6 characters; on a collision with one of the brand's codes 4 more tries, then 8 characters).
 * Static codes are the brand's own: one shared row, status created. Undefined when the workflow
 * gets no code (BigCommerce, or a static rule without a code).
 */
export async function reserveDiscountCode(
  tx: Handle,
  options: ReserveOptions,
): Promise<{ id: number; code: string } | undefined> {
  const needRule = options.prefix === undefined || options.type === undefined || options.durationDays === undefined;
  const rule = needRule ? await ruleDefaults(tx, options.discountRuleId) : undefined;
  const prefix = options.prefix !== undefined ? options.prefix : (rule?.codePrefix ?? null);
  const type = options.type ?? rule?.codeType ?? 'dynamic';
  const { startsAt, endsAt } = codeWindow(
    options.now ?? new Date(),
    options.durationDays ?? rule?.durationDays ?? DEFAULT_CODE_DURATION_DAYS,
  );
  const row = {
    brand_id: options.brandId,
    workflow_id: options.workflowId ?? null,
    discount_rule_id: options.discountRuleId ?? null,
    conversation_id: options.conversationId ?? null,
    message_id: options.messageId ?? null,
    starts_at: startsAt,
    ends_at: endsAt,
    usage_limit: rule?.usageLimit ?? CODE_USAGE_LIMIT,
  };
  if (type === 'static') {
    const code = generateCode({ prefix, type, platform: options.platform });
    if (!code) return undefined;
    const known = await findBrandCode(tx, options.brandId, code);
    if (known) return { id: known.id, code };
    const id = await insertCodeIfFree(tx, { ...row, code, status: 'created' });
    return { id: id ?? (await findBrandCode(tx, options.brandId, code))!.id, code };
  }
  for (let attempt = 0; attempt < MAX_CODE_TRIES; attempt += 1) {
    const code = generateCode(
      { prefix, type, platform: options.platform, length: codeLengthForAttempt(attempt) },
      options.random,
    );
    if (!code) return undefined;
    const id = await insertCodeIfFree(tx, { ...row, code, status: 'pending' });
    if (id !== undefined) return { id, code };
  }
  throw new AppError('conflict', COULD_NOT_GENERATE_CODE, { code: 'discount_code_unavailable' });
}

const isTaken = (error: unknown): boolean =>
  error instanceof AppError &&
  (error.code === DISCOUNT_CODE_TAKEN || (error.cause instanceof BigCommerceApiError && error.cause.status === 409));

async function createAtStore(
  ctx: AppContext,
  integration: BrandIntegration,
  rule: ResolvedDiscountRule,
  code: DiscountCodeRow & { code: string },
  now: Date,
): Promise<string> {
  if (integration.slug === 'bigcommerce') {
    const coupon = await createBigCommerceCoupon(ctx, {
      integration,
      code: code.code,
      type: rule.type,
      amount: rule.value,
      minPurchase: rule.minimum ?? undefined,
      now,
    });
    return String(coupon.id);
  }
  const client = await ctx.clients.stores.shopify(integration);
  const input = {
    title: `Reclaim ${code.code}`,
    code: code.code,
    startsAt: code.starts_at ?? now,
    endsAt: code.ends_at,
    minimumSubtotal: rule.minimum,
    usageLimit: code.usage_limit ?? rule.usageLimit,
    appliesOncePerCustomer: rule.appliesOncePerCustomer,
    combinesWith: rule.combinesWith,
  };
  if (rule.type === 'shipping') return (await createFreeShippingDiscountCode(client, input)).id;
  return (
    await createBasicDiscountCode(
      client,
      rule.type === 'percentage' ? { ...input, percentage: rule.value } : { ...input, amount: rule.value },
    )
  ).id;
}

/** A new code for the row that the brand does not have yet (same prefix and type). */
async function replaceCode(
  db: Db,
  row: DiscountCodeRow,
  rule: ResolvedDiscountRule,
  retry: number,
  random?: RandomInt,
): Promise<string> {
  for (let attempt = 0; attempt < MAX_CODE_TRIES; attempt += 1) {
    const code = dynamicCode(rule.codePrefix, codeLengthForAttempt(Math.max(retry, attempt)), random);
    if (await changeCode(db, row.id, code)) return code;
  }
  throw new AppError('conflict', COULD_NOT_GENERATE_CODE, { code: 'discount_code_unavailable' });
}

export interface StoreDiscountResult {
  code: string;
  externalId: string | null;
  /** The code the message was written with, when the store made us change it (else null). */
  replacedCode: string | null;
}

/**
 * Creates a reserved code at the brand's store (Shopify basic or free-shipping code, BigCommerce
 * coupon) and marks the row created with the store's id. Idempotent: a created row is returned as
 * it is. 'Code must be unique' gets a new code, up to 5 times, then 'Could not generate discount
 * code'; any failure leaves the row failed with the reason, and a later call tries again. Demo
 * integrations (settings.demo) are marked created without a store call.
 */
export async function createStoreDiscount(
  ctx: AppContext,
  { discountCodeId, now = new Date(), random }: { discountCodeId: number; now?: Date; random?: RandomInt },
): Promise<StoreDiscountResult> {
  const row = await getDiscountCode(ctx.db, discountCodeId);
  if (!row) throw new AppError('not_found', 'Discount code not found', { code: 'discount_code_not_found' });
  if (row.status === 'created') return { code: row.code, externalId: row.external_id, replacedCode: null };
  const log = ctx.logger.child({ brand_id: row.brand_id, discount_code_id: row.id });
  let attempts = row.store_attempts;
  const fail = async (error: AppError): Promise<never> => {
    await markFailed(ctx.db, row.id, { error: error.message, attempts });
    throw error;
  };

  const integrationId = await integrationIdFor(ctx.db, row);
  const integration = integrationId ? await getBrandIntegration(ctx.db, integrationId) : undefined;
  if (!integration)
    return fail(new AppError('not_found', 'Brand integration not found', { code: 'integration_not_found' }));
  if (integration.slug !== 'shopify' && integration.slug !== 'bigcommerce')
    return fail(
      new AppError('invalid_input', 'Ecommerce integration not supported', { code: 'integration_not_supported' }),
    );
  const rule = resolveDiscountRule(
    row.discount_rule_id ? ((await discountRuleRow(ctx.db, row.discount_rule_id)) ?? null) : null,
    log,
  ).rule;
  if (integration.settings.demo === true) {
    await markCreated(ctx.db, row.id, { externalId: `demo:${row.code}`, attempts });
    log.info('demo integration: discount code marked created without a store call');
    return { code: row.code, externalId: `demo:${row.code}`, replacedCode: null };
  }

  let current: DiscountCodeRow = row;
  for (let retry = 0; retry <= STORE_CODE_RETRIES; retry += 1) {
    attempts += 1;
    try {
      const externalId = await createAtStore(ctx, integration, rule, current, now);
      await markCreated(ctx.db, row.id, { externalId, attempts });
      return { code: current.code, externalId, replacedCode: current.code === row.code ? null : row.code };
    } catch (error) {
      if (!isTaken(error))
        return fail(
          error instanceof AppError ? error : new AppError('upstream', coerceError(error).message, { cause: error }),
        );
      log.info({ retry: retry + 1 }, 'the store already has this discount code: trying another');
      if (retry === STORE_CODE_RETRIES) break;
      try {
        current = { ...current, code: await replaceCode(ctx.db, row, rule, retry + 1, random) };
      } catch (replaceError) {
        return fail(
          replaceError instanceof AppError
            ? replaceError
            : new AppError('internal', coerceError(replaceError).message, { cause: replaceError }),
        );
      }
    }
  }
  return fail(new AppError('upstream', COULD_NOT_GENERATE_CODE, { code: 'discount_code_unavailable' }));
}
