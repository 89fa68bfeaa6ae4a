/**
 * What the message understanding reads with rules rather than the models: an opt-out, a request
 * for a person, whether the text is a question, the order number and the product of the cart it
 * names. Each rule also gives the span it matched, so the models read the rest of the text ("can i
 * speak to a human? my package is lost" is about the package). Pure.
 */

import { isOptOut } from '../../conversations/index.ts';

/** Opt-outs written inside a sentence (the bare keywords are keywordOptOut's). */
export const OPT_OUT_PATTERNS: RegExp[] = [
  /\b(please |pls |plz )?(stop|quit) (texting|messaging|sending|contacting|the texts|these texts|the messages|sending me)\b[^.?!,]*/i,
  /\b(remove|take) me (off|from)\b[^.?!,]*/i,
  /\bunsubscribe( me)?\b[^.?!,]*/i,
  /\b(don'?t|do not) (text|message|contact) me\b[^.?!,]*/i,
  /\bleave me alone\b/i,
  /\bno (more|mas|más) (texts|mensajes|messages)\b/i,
  /\bopt(ing)? ?out\b/i,
];

/** Asking for a person rather than an answer. */
export const PERSON_PATTERNS: RegExp[] = [
  /\b(talk|speak|chat) (to|with) (a |an |someone|somebody|a real|the )?(real )?(person|human|someone|somebody|agent|manager|representative|rep|supervisor)\b/i,
  /\b(can|could) (someone|somebody|a person|you) (call|phone|ring) me\b/i,
  /\b(real|actual|live) (person|human|agent)\b/i,
  /\b(need|want) (a |an )?(person|human|someone|somebody|manager|agent)( to)?\b/i,
  /\bis this a (bot|robot|real person|person|human)\b/i,
  /\bcall me\b/i,
  /\b(hablar con|quiero hablar) (una|un|alguien)\b[^.?!,]*/i,
];

const QUESTION_WORDS =
  /^(is|are|do|does|did|can|could|will|would|should|how|what|whats|what's|which|when|where|wheres|where's|why|any|have|has|u|cuanto|cuánto|donde|dónde|cual|cuál|que|qué|tienen|hacen|aceptan|envian|envían|hw|wat|wen)\b/i;

export interface Span {
  start: number;
  end: number;
}

function spans(text: string, patterns: readonly RegExp[]): Span[] {
  const out: Span[] = [];
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Words a short opt-out may carry around its keyword: "STOP please", "unsubscribe me now". */
const OPT_OUT_FILLER =
  /(^|[^\p{L}])(please|pls|plz|now|asap|thanks|thank you|thx|ty|ok|okay|just|me|already|all|ya)(?=$|[^\p{L}])/giu;
/** A short text is at most this many words. */
const SHORT_OPT_OUT_WORDS = 4;

/**
 * A text that is an opt-out keyword of the messaging rules (conversations' OPT_OUT_KEYWORDS: STOP,
 * UNSUBSCRIBE, END, QUIT, OPT-OUT…), alone or in a short text with only polite or filler words
 * around it ("STOP please", "unsubscribe me"). CANCEL counts alone only ("cancel please" may be
 * about an order).
 */
export function keywordOptOut(text: string): boolean {
  if (isOptOut(text)) return true;
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2 || words.length > SHORT_OPT_OUT_WORDS) return false;
  const rest = text.replace(OPT_OUT_FILLER, '$1 ');
  return !/\bcancel\b/i.test(rest) && isOptOut(rest);
}

export function optOutSpans(text: string): Span[] {
  if (keywordOptOut(text)) return [{ start: 0, end: text.length }];
  return spans(text, OPT_OUT_PATTERNS);
}
export const personSpans = (text: string): Span[] => spans(text, PERSON_PATTERNS);

/** The text without the spans (what is left to read for a topic). */
export function withoutSpans(text: string, cut: readonly Span[]): string {
  if (cut.length === 0) return text;
  let out = '';
  let at = 0;
  for (const s of [...cut].sort((a, b) => a.start - b.start)) {
    if (s.start > at) out += text.slice(at, s.start);
    at = Math.max(at, s.end);
  }
  return `${out} ${text.slice(at)}`.replace(/\s+/g, ' ').trim();
}

/** Whether a text asks something: a question mark, or a sentence that starts like a question. */
export function isQuestion(text: string): { value: boolean; confidence: number } {
  if (text.includes('?') || text.includes('¿')) return { value: true, confidence: 0.95 };
  const sentences = text.split(/[.!\n]+/).map((s) => s.trim());
  if (sentences.some((s) => QUESTION_WORDS.test(s) && s.split(/\s+/).length >= 2))
    return { value: true, confidence: 0.75 };
  return { value: false, confidence: 0.8 };
}

/** An order number the text names: "#55102", "order 40412", "pedido 1234". */
export function orderNumberOf(text: string): string | null {
  const m =
    /#\s?(\d{3,})/.exec(text) ?? /\b(?:order|ordr|pedido|orden)\s*(?:number|no\.?|num)?\s*#?\s*(\d{3,})\b/i.exec(text);
  return m ? m[1]! : null;
}

const words = (text: string): string[] => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/** The cart product the text names best: the share of the product name's words the text has (at least half). */
export function productOf(text: string, products: readonly string[]): { name: string; confidence: number } | null {
  const said = new Set(words(text).map((w) => w.replace(/s$/, '')));
  let best: { name: string; confidence: number } | null = null;
  for (const name of products) {
    const own = [...new Set(words(name).map((w) => w.replace(/s$/, '')))];
    if (own.length === 0) continue;
    const share = own.filter((w) => said.has(w)).length / own.length;
    if (share >= 0.5 && (!best || share > best.confidence)) best = { name, confidence: share };
  }
  return best;
}

/**
 * The part of a text the topic is read from: without its opt-out and its request for a person
 * (`empty` when nothing else is left, as in "can someone call me").
 */
export function topicText(text: string): { rest: string; empty: boolean; optOut: Span[]; person: Span[] } {
  const optOut = optOutSpans(text);
  const person = personSpans(text);
  const rest = withoutSpans(text, [...optOut, ...person]);
  const empty =
    (optOut.length > 0 || person.length > 0) &&
    !/[\p{L}\p{N}]{3,}/u.test(
      rest.replace(/\b(and|also|please|pls|plz|but|then|just|now|i|me|you|u|can|could|to)\b/gi, ''),
    );
  return { rest: empty ? text : rest, empty, optOut, person };
}
