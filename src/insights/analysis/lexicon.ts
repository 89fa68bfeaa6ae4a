/**
 * The local analyser's lexicons: weighted patterns per tag, the cues of each category, small talk,
 * and sentiment words. Patterns run on the lower-cased text with curly apostrophes straightened.
 * Pure data; measured against fixtures/insights (npm run eval:insights) rather than assumed.
 */
import type { InsightCategory, InsightTag } from './rules.ts';

export interface WeightedPattern {
  pattern: RegExp;
  weight: number;
}

const w = (weight: number, ...patterns: RegExp[]): WeightedPattern[] =>
  patterns.map((pattern) => ({ pattern, weight }));

/** Evidence for each tag; the tag with the highest sum wins, ties in the order of this table. */
export const TAG_LEXICON: Record<Exclude<InsightTag, 'new'>, WeightedPattern[]> = {
  exchanges: [
    ...w(3, /\bexchang/, /\bswap/, /\btrade (it|them|my)\b/, /\breplace(ment)?\b/),
    ...w(
      2,
      /\bwrong (item|size|colou?r|one|product)\b/,
      /\b(sent|received|got) (me )?the wrong\b/,
      /\b(arrived|came) (damaged|broken)\b/,
    ),
    ...w(1.5, /\bmissing from my (order|package)\b/, /\b(damaged|broken)\b/),
  ],
  returns: [
    ...w(
      3,
      /\breturn(s|ed|ing)?\b/,
      /\brefund/,
      /\bmoney back\b/,
      /\bsend (it|this|them) back\b/,
      /\bsent (it|the package|them) back\b/,
    ),
    ...w(1, /\brestocking\b/),
  ],
  discount: [
    ...w(3, /\bcoupons?\b/, /\bpromo\b/, /\bdiscount/, /\bvoucher/, /\b\d+ ?(%|percent) off\b/, /\blr-/),
    ...w(2, /\bcodes?\b/, /\bsale\b/, /\bdeal\b/, /\boffer (expired|ended)\b/, /\bblack friday\b/),
  ],
  checkout: [
    ...w(
      3,
      /\bcheck ?out\b/,
      /\bdeclined\b/,
      /\bpayment/,
      /\bpaypal\b/,
      /\bapple pay\b/,
      /\bklarna\b/,
      /\bafterpay\b/,
      /\binstall?ments?\b/,
    ),
    ...w(
      2,
      /\b(log ?in|login|password|account)\b/,
      /\bpay (with|in|by)\b/,
      /\bbilling\b/,
      /\bamex\b|\bvisa\b|\bmastercard\b/,
      /\bcard\b/,
    ),
    ...w(1.5, /\b(purchase|buy anything|to pay|tried to pay)\b/, /\bverification code\b/),
  ],
  shipping: [
    ...w(
      3,
      /\bship(ping|ped|s)?\b/,
      /\bdeliver(y|ed|ies)?\b/,
      /\btracking\b/,
      /\bpackage\b|\bparcel\b/,
      /\bin transit\b/,
    ),
    ...w(
      2,
      /\barriv(e|ed|es)\b/,
      /\bget here\b/,
      /\bwhere is my (order|package)\b/,
      /\bcanada|mexico|uk|australia|germany|puerto rico|internationally|outside the us\b/,
    ),
    ...w(1.5, /\baddress\b/, /\bhas my order\b/, /\bshow(n)? up\b/),
  ],
  price: [
    ...w(3, /\bprice/, /\bexpensive\b/, /\bpricey\b/, /\bafford\b/, /\bcheaper\b/, /\bhow much (is|for|does)\b/),
    ...w(2, /\bcost(s)?\b/, /\btoo much\b/, /\blot of money\b|\bmuch money\b/, /\btax\b/, /\bin usd\b/),
  ],
  comparison: [
    ...w(
      4,
      /\bdifference between\b/,
      /\bcompare/,
      /\bvs\.?\b|\bversus\b/,
      /\bwhich (one )?is better\b/,
      /\bbetter than\b/,
    ),
    ...w(
      3,
      /\bworth it over\b/,
      /\bwhich one would you\b/,
      /\binstead of\b/,
      /\bdifferent from\b/,
      /\bsame as\b/,
      /\bbetter for\b/,
      /\bother brands\b/,
      /\bamazon\b|\bcostco\b|\btarget one\b|\blululemon\b|\bdyson\b/,
    ),
    ...w(2, /\bor the (single|regular|standard|slim|classic)\b/, /\bwhich is better\b/, /\bbetter, the\b/),
  ],
  specifications: [
    ...w(
      3,
      /\bsiz(e|es|ing)\b/,
      /\bfit(s)?\b/,
      /\bmaterial\b/,
      /\bfabric\b/,
      /\bmade of\b/,
      /\bwaterproof\b/,
      /\bbattery\b/,
      /\bdimensions?\b/,
      /\bmeasurements?\b/,
      /\bingredients\b/,
    ),
    ...w(
      2,
      /\bcotton\b|\bwool\b|\bleather\b|\blinen\b|\bsuede\b|\bglass\b|\bplastic\b/,
      /\bwash(ing|able|ed)?\b/,
      /\bdryer\b/,
      /\bcolou?rs?\b/,
      /\bweigh/,
      /\bcompatible\b/,
      /\bcapacity\b/,
      /\bhow tall\b|\bhow big\b|\binch(es)?\b|\bcm\b/,
      /\bcharger\b/,
      /\bshrink\b/,
      /\bclean\b/,
      /\bseasoning\b/,
      /\bstretchy\b|\bbreathable\b|\bvegan\b/,
      /\bdishwasher\b/,
      /\blarge|medium|small|xl\b/,
    ),
  ],
};

/**
 * Questions or requests with no tag above that still deserve an insight (tag 'new'): stock,
 * gifts, cancellations. Anything else without a tag is small talk.
 */
export const NEW_TOPIC_LEXICON: WeightedPattern[] = [
  ...w(
    3,
    /\b(back )?in stock\b/,
    /\bout of stock\b/,
    /\bsold out\b/,
    /\brestock/,
    /\bcoming back\b/,
    /\blimited edition\b/,
  ),
  ...w(3, /\bgift\b/, /\bcancel/),
];

/** Texts after an order: they make the category post_purchase. */
export const POST_PURCHASE_CUES: RegExp[] = [
  /\b(i|we) (ordered|bought|purchased|placed)\b/,
  /\bordered\b/,
  /\b(already|just) (ordered|bought|placed)\b/,
  /\bmy (order|package|parcel|delivery|refund)\b/,
  /\border #?\d+\b/,
  /\b(received|arrived|came|got) (the|my|it)?\b/,
  /\b(never|still not|hasn't|has not) (arrived|got|shown|come)\b/,
  /\btracking\b/,
  /\brefund/,
  /\bsent (me|the package|it)\b/,
  /\bwrong (item|size|colou?r)\b/,
  /\bdamaged|broken\b/,
];

/** Something stopping the purchase now: the category blocker. */
export const BLOCKER_CUES: RegExp[] = [
  /\bnot (working|valid|applying|being applied)\b/,
  /\b(doesn't|does not|didn't|did not|won't|will not|isn't|is not) (work|apply|go through|let|do anything)\b/,
  /\b(can't|cannot|can not|unable to) (complete|check|log|buy|pay|afford|finish)\b/,
  /\berror/,
  /\bdeclined|rejected|invalid|expired|failed|fails|freezes|locked|broken\b/,
  /\btoo (expensive|much|high|pricey)\b/,
  /\b(way too|so) (expensive|pricey|much)\b/,
  /\bridiculous\b/,
  /\bkeeps? (getting|emptying|asking|erroring)\b/,
  /\bnever (comes|arrives)\b/,
  /\b(ended|ran out|is over|really over|missed)\b/,
  /\bno thanks\b|\bkilled it\b|\bleft the cart\b|\bnot happy\b|\bwon't pay\b|\bif it were cheaper\b|\blot of money\b/,
];

/** The category a tag has when no cue says otherwise. */
export const TAG_CATEGORY: Record<InsightTag, InsightCategory> = {
  checkout: 'blocker',
  comparison: 'product',
  discount: 'product',
  exchanges: 'post_purchase',
  price: 'product',
  returns: 'post_purchase',
  shipping: 'product',
  specifications: 'product',
  new: 'product',
};

/** Tags whose category never changes with the cues. */
export const FIXED_CATEGORY_TAGS: ReadonlySet<InsightTag> = new Set(['returns', 'exchanges', 'comparison']);

export const NEGATIVE_WORDS: RegExp[] = [
  /\bnot (working|valid|happy|what i expected|interested)\b/,
  /\b(doesn't|does not|didn't|did not|won't|isn't) (work|apply|go through|let|do anything)\b/,
  /\bnever (arrived|got|came|comes|arrives)\b/,
  /\b(still|hasn't|has not|haven't) (waiting|arrived|updated|no)\b/,
  /\bstill no\b/,
  /\b(can't|cannot|can not) (afford|complete|log|buy|check)\b/,
  /\b(way )?too (expensive|much|high|pricey|small)\b/,
  /\bdeclined|rejected|invalid|expired|error|erroring|failed|fails|freezes|locked|stuck|broken|broke|damaged|missing|wrong|poor|annoying|annoyed|frustrat\w*|ridiculous|disappoint\w*|terrible|awful|horrible|worst|scam|spam\w*|useless\b/,
  /\b(stop|leave me alone|how did you get my number|who gave you my number|killed it|no thanks|not happy|don't like|i don't like|won't pay|sorry)\b/,
  /\bwhere is my (order|refund|package)\b/,
  /\bit's been\b|\b\d+ (days|weeks) ago\b|\bdon't fit\b|\bthey don't fit\b/,
  /\bmissed\b|\bran out\b|\bended\b|\breally over\b/,
];

export const POSITIVE_WORDS: RegExp[] = [
  /\b(thanks?|thank you|thx|ty|appreciate\w*|cheers)\b/,
  /\b(love|great|awesome|amazing|perfect|wonderful|nice|cool|best|happy|glad|excellent|beautiful|good (morning|night|day))\b/,
  /\b(merry|happy holidays|have a nice|see you|will do|sounds good)\b/,
  /👍|❤️|😍|🙏|😊/u,
];

/** Negative words that a question mark makes neutral again ("Is it too small?" is a question, not a complaint). */
export const NEUTRAL_IN_QUESTIONS: RegExp = /\b(wrong size|too small|damaged|broken|missing|expired)\b/;

/**
 * A question of a few words that no lexicon names still gets an insight (tag 'new', category
 * product) unless it is about the texts themselves (who is writing, how we got the number).
 */
export const QUESTION_MIN_WORDS = 4;
export const QUESTION_START =
  /^(is|are|do|does|did|can|could|will|would|should|how|what|which|when|where|why|any|have|has)\b/;
export const SMALL_TALK_QUESTIONS: RegExp[] = [
  /\b(who|bot|real person|human|my number|how are you|what's up|wyd)\b/,
  /\b(this|that|you) (a )?(joke|scam|spam)\b/,
];
