/** Discount rules and codes: rule resolution, code generation, reservation in the selection transaction, creation at the store. */
export {
  generateCode,
  seededRandom,
  codeLengthForAttempt,
  codeWindow,
  MAX_CODE_TRIES,
  CODE_USAGE_LIMIT,
  COULD_NOT_GENERATE_CODE,
  type CodePlatform,
  type CodeType,
  type RandomInt,
  DEFAULT_DISCOUNT_PERCENT,
  TEMPLATE_DISCOUNT_PERCENT,
  DEFAULT_DISCOUNT_DURATION_DAYS,
  DISCOUNT_TYPES,
  resolveDiscountRule,
  formatDiscountValue,
  type DiscountRuleRow,
  type ResolvedDiscountRule,
} from './rules.ts';
export { reserveDiscountCode, createStoreDiscount, type ReserveOptions, type StoreDiscountResult } from './service.ts';
export { linkDiscountCode, getDiscountCode, type DiscountCodeRow, type DiscountCodeStatus } from './store.ts';
export {
  getDiscountCodes,
  codesOfConversation,
  nextDiscountCodeIds,
  insertPendingCodes,
  type PendingDiscountCode,
} from './store.ts';
export { insertDiscountRule, getDiscountRule, discountRuleRows } from './store.ts';
export { lookupStoreDiscount, updateStoreDiscount, type StoreDiscountView } from './lookup.ts';
