/**
 * The shopper agent's rules (pure, no I/O): what it decides for one shopper text, how sure it is of
 * a knowledge-base card, the reply fitted to a text, and the words `agent explain` says.
 *
 * Order of the decision (the first that applies wins):
 * 1. the keyword handling took the text: STOP & co. → opted_out; HELP, START → silent;
 * 2. a person at the brand replied in this conversation within the pause and has not handed it
 *    back → human;
 * 3. HUMAN / agent / person, or any request for a person → escalated;
 * 4. opt-out words the keyword rules did not take ("stop texting me, where is…") → escalated;
 * 5. an order number, or a negative text no card answers (a complaint) → escalated;
 * 6. small talk that is no question (thanks, ok, an emoji), or small talk no card matches → silent;
 * 7. the daily cap of agent replies in the conversation reached → escalated, nothing sent;
 * 8. a published card covers the question (confidence ≥ ANSWER_THRESHOLD) → answered;
 * 9. otherwise → escalated.
 */
export const AGENT_MODES = ['off', 'draft', 'auto'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];

export const DECISIONS = ['answered', 'escalated', 'silent', 'opted_out', 'human'] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export type InboundAction = 'opt_out' | 'help' | 'opt_in' | 'reply';

/** Why: each decision's reason, in words for `agent explain`. */
export const REASONS = {
  opted_out: 'The shopper opted out (STOP): the opt-out handling answered, the agent stays out.',
  keyword: 'A keyword (HELP, START) was handled before the agent: nothing more to say.',
  human: 'A person at the brand is handling this conversation: the agent stays out until it is handed back.',
  person: 'The shopper asked for a person: escalated to the team.',
  opt_out_words: 'The shopper wrote opt-out words inside a longer text: escalated so a person reads it.',
  order: 'The text is about a specific order: escalated to the team, who can look it up.',
  complaint: 'The text reads as a complaint: escalated to the team.',
  small_talk: 'Small talk (thanks, ok, an emoji): no answer needed.',
  cap: 'The agent already sent its most replies for today in this conversation: escalated, nothing sent.',
  card: 'Answered from a published knowledge-base card.',
  no_card: 'No published knowledge-base card answers this question: escalated to the team.',
  invalid_model_answer:
    'The model wrote an answer with a fact that is not in the cards or the cart: refused and escalated.',
  model_declined: 'The model found no answer in the cards: escalated to the team.',
  discount: "Gave the code the workflow's discount rule made for this conversation (once).",
  discount_once: 'The agent already gave this conversation its code once: escalated to the team.',
  discount_not_allowed:
    "The answer carried a discount code the workflow's discount rule did not make for this conversation: refused and escalated.",
} as const;
export type ReasonCode = keyof typeof REASONS;

/** A card counts as the answer from this confidence on (chosen on the development part of the evaluation). */
export const ANSWER_THRESHOLD = 0.8;
/** With a model, cards from this confidence on are given to it to write from. */
export const MODEL_THRESHOLD = 0.5;
/** A negative reading this sure is a complaint. */
export const COMPLAINT_CONFIDENCE = 0.75;
/** Small talk is read as such from this confidence on. */
export const SMALL_TALK_CONFIDENCE = 0.5;
/** One or two SMS segments: an agent answer is at most this long (the disclosure comes on top). */
export const SMS_REPLY_MAX = 320;

export const DEFAULT_SETTINGS = {
  mode: 'off' as AgentMode,
  disclosure: null as string | null,
  holdingReply: null as string | null,
  maxRepliesPerDay: 5,
  humanPauseHours: 24,
};
export const SUGGESTED_DISCLOSURE = 'Automated reply; text HUMAN for a person';
export const SUGGESTED_HOLDING_REPLY = 'Good question — someone from our team will text you back shortly';

/** The shopper asks for a person in so many words (always escalates). */
const PERSON = /\b(human|agent|person|representative|real person|someone real|a real one)\b/i;
export const asksForPerson = (text: string): boolean => PERSON.test(text);

/** What the message understanding read (the part the decision needs). */
export interface Reading {
  topic: { value: string | null; confidence: number };
  sentiment: { value: string; confidence: number };
  question: { value: boolean; confidence: number };
  smallTalk: { value: boolean; confidence: number };
  optOut: { value: boolean; confidence: number };
  person: { value: boolean; confidence: number };
  order: { number: string; confidence: number } | null;
}

export interface Candidate {
  cardId: number;
  title: string;
  content: string;
  confidence: number;
}

export interface DecisionInput {
  action: InboundAction;
  text: string;
  reading: Reading;
  humanActive: boolean;
  repliesToday: number;
  maxRepliesPerDay: number;
  /** The best card found (null: none), with its confidence. */
  candidate: Candidate | null;
}

export interface Decision {
  decision: DecisionKind;
  reason: ReasonCode;
  confidence: number;
  sources: number[];
}

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

export function decide(input: DecisionInput): Decision {
  const { reading, candidate } = input;
  const d = (decision: DecisionKind, reason: ReasonCode, confidence: number, sources: number[] = []): Decision => ({
    decision,
    reason,
    confidence: round(confidence),
    sources,
  });
  if (input.action === 'opt_out') return d('opted_out', 'opted_out', 1);
  if (input.action !== 'reply') return d('silent', 'keyword', 1);
  if (input.humanActive) return d('human', 'human', 1);
  if (asksForPerson(input.text) || reading.person.value) return d('escalated', 'person', reading.person.confidence);
  if (reading.optOut.value) return d('escalated', 'opt_out_words', reading.optOut.confidence);
  if (reading.order) return d('escalated', 'order', reading.order.confidence);
  const covered = candidate !== null && candidate.confidence >= ANSWER_THRESHOLD;
  if (!covered && reading.sentiment.value === 'negative' && reading.sentiment.confidence >= COMPLAINT_CONFIDENCE)
    return d('escalated', 'complaint', reading.sentiment.confidence);
  const small = reading.smallTalk.value && reading.smallTalk.confidence >= SMALL_TALK_CONFIDENCE;
  const sure = reading.smallTalk.confidence >= 0.9;
  if (small && ((!reading.question.value && (sure || !covered)) || (candidate === null && sure)))
    return d('silent', 'small_talk', reading.smallTalk.confidence);
  if (input.repliesToday >= input.maxRepliesPerDay) return d('escalated', 'cap', 1);
  if (covered) return d('answered', 'card', candidate.confidence, [candidate.cardId]);
  return d('escalated', 'no_card', 1 - (candidate?.confidence ?? 0));
}

/** Question words that say how it is asked, not what: left out of a card's coverage. */
const FRAMING = new Set(
  (
    'hi hello hey ok okay pleas thank thanks know tell wonder wondering need want would could can get ' +
    'question quick just realli also still anyon someon like much long take doe make go say help ask ' +
    'yes yeah hmm well actual wait sure guy folk item thing one offer what whats mani someth possibl doesn ' +
    'work stuff use good number hit anoth time info includ ' +
    // Text-message shorthand for the same framing.
    'ur ya yall plz pls rn tho btw im gonna wanna lemm idk'
  ).split(' '),
);

/** A question's lexeme that says what is asked (not how it is asked). */
export const isContentLexeme = (lexeme: string): boolean => !FRAMING.has(lexeme) && lexeme.length > 1;

/** Question lexemes that a card may say in other words. */
const SYNONYMS: Record<string, string[]> = {
  deliveri: ['ship', 'arriv', 'sent'],
  deliv: ['ship', 'arriv', 'sent'],
  arriv: ['ship', 'deliveri'],
  cost: ['free', 'ship', 'price'],
  fee: ['free', 'cost'],
  refund: ['return'],
  money: ['refund', 'return'],
  send: ['return', 'ship'],
  fit: ['size'],
  sizing: ['size'],
  small: ['size', 'larg'],
  big: ['size', 'larg'],
  larg: ['size'],
  coupon: ['code'],
  promo: ['code'],
  discount: ['code', 'off'],
  combin: ['stack'],
  stack: ['combin'],
  exchang: ['exchang', 'size'],
  swap: ['exchang'],
  track: ['track'],
  mail: ['ship'],
  post: ['ship'],
  expir: ['day', 'expir'],
  valid: ['day'],
  free: ['free'],
  usa: ['us'],
  bigger: ['size', 'larg'],
  smaller: ['size', 'larg'],
  updat: ['chang'],
  accur: ['true'],
  back: ['return'],
  two: ['one', 'per'],
  minimum: ['75', 'over'],
  pay: ['paid', 'prepaid'],
  america: ['us'],
  // Shopping words for what cards say otherwise.
  clearanc: ['sale'],
  markdown: ['sale'],
  fast: ['express'],
  faster: ['express'],
  quick: ['express'],
  quicker: ['express'],
  rush: ['express'],
  expedit: ['express'],
  asap: ['express'],
  threshold: ['75', 'free'],
  spend: ['75', 'free'],
  expiri: ['expir'],
  date: ['expir'],
  msg: ['text'],
  txt: ['text'],
};

/** Whether a question's lexeme is in a card's lexemes, directly or through a synonym. */
export function lexemeIn(lexemes: readonly string[]): (w: string) => boolean {
  const inCard = new Set(lexemes);
  return (w) => inCard.has(w) || (SYNONYMS[w] ?? []).some((s) => inCard.has(s));
}

/**
 * How well a card covers a question: the share of the question's content lexemes (PostgreSQL's
 * English stems, framing words left out) found in the card, directly or through a synonym; a
 * question naming nothing the title names counts less. 0 to 1.
 */
export function coverage(
  question: readonly string[],
  card: { lexemes: readonly string[]; titleLexemes: readonly string[] },
): number {
  const words = [...new Set(question)].filter(isContentLexeme);
  if (words.length === 0) return 0;
  const found = lexemeIn(card.lexemes);
  const hits = words.filter(found);
  if (hits.length === 0) return 0;
  const title = new Set(card.titleLexemes);
  const titled = words.some((w) => title.has(w) || (SYNONYMS[w] ?? []).some((s) => title.has(s)));
  return round((hits.length / words.length) * (titled ? 1 : 0.85));
}

/** The question's lexemes and their synonyms: what the cards are searched for. */
export function searchLexemes(question: readonly string[]): string[] {
  const words = question.filter((w) => !FRAMING.has(w));
  return [...new Set([...words, ...words.flatMap((w) => SYNONYMS[w] ?? [])])];
}

/** Each answer from a card that a brand user marked wrong for a topic multiplies its confidence there by this. */
export const WRONG_FACTOR = 0.7;

/** How much a card counts for a topic after `marks` of its answers on that topic were marked wrong (one mark: below the threshold). */
export const feedbackFactor = (marks: number): number => WRONG_FACTOR ** Math.max(0, marks);

/** The topic a wrong mark is kept under: the question's topic as the message understanding reads it ('' for none). */
export const feedbackTopic = (topic: { value: string | null } | undefined): string => topic?.value ?? '';

const sentencesOf = (text: string): string[] =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .filter(Boolean);

const stemish = (w: string): string => w.toLowerCase().slice(0, 5);

/**
 * The card's own text fitted to a text message: whole when short enough; otherwise its sentences
 * that share most words with the question, in the card's order, up to SMS_REPLY_MAX characters.
 */
export function fitToSms(content: string, question: string, max = SMS_REPLY_MAX): string {
  const clean = content.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const asked = new Set(
    question
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2)
      .map(stemish),
  );
  const sentences = sentencesOf(clean).map((s, i) => ({
    s,
    i,
    score: s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && asked.has(stemish(w))).length,
  }));
  const chosen: typeof sentences = [];
  let length = 0;
  for (const item of [...sentences].sort((a, b) => b.score - a.score || a.i - b.i)) {
    if (length + item.s.length + (chosen.length ? 1 : 0) > max) continue;
    chosen.push(item);
    length += item.s.length + 1;
  }
  if (chosen.length === 0) return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
  return chosen
    .sort((a, b) => a.i - b.i)
    .map((c) => c.s)
    .join(' ');
}

/** The reply as sent: the disclosure after the first agent reply's text, when the brand set one. */
export function withDisclosure(reply: string, disclosure: string | null, first: boolean): string {
  return first && disclosure ? `${reply}\n${disclosure}` : reply;
}

/**
 * The mode of a conversation: the brand's, unless its workflow's agents_response says otherwise
 * (false or 'off' turns the agent off there; 'draft' or 'auto' chooses). A brand that is off stays off.
 */
export function effectiveMode(brandMode: AgentMode, agentsResponse: unknown): AgentMode {
  if (brandMode === 'off') return 'off';
  if (agentsResponse === false || agentsResponse === 'off') return 'off';
  if (agentsResponse === 'draft' || agentsResponse === 'auto') return agentsResponse;
  return brandMode;
}
