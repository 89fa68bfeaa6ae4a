/**
 * Texting keywords (DESIGN "Compliance (US texting)"): opt-out, help and opt-in words, and the
 * transactional replies they get. Pure: no I/O.
 *
 * The rule: a message counts as a keyword only when the whole message IS the keyword. Before
 * comparing, the text is trimmed, lower-cased, stripped of punctuation, symbols and emoji at
 * either end, and the spaces, hyphens and underscores inside it are removed, so ' Stop ', 'STOP!',
 * 'opt  out', 'OPT-OUT' and 'Stop all.' match, while 'please don't stop', 'stop it' or
 * 'stopping by later' do not (they are ordinary replies and mark the conversation engaged).
 */

export type KeywordKind = 'opt_out' | 'help' | 'opt_in';

export interface KeywordMatch {
  kind: KeywordKind;
  /** The keyword as carriers write it: STOP, OPT-OUT, HELP, START, ... */
  keyword: string;
}

/** Opt-out words, in their compact form (no spaces or hyphens): "stop all" -> stopall, "opt out" -> optout. */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP'] as const;

const KINDS = new Map<string, KeywordKind>([
  ...OPT_OUT_KEYWORDS.map((k) => [k, 'opt_out'] as const),
  ...HELP_KEYWORDS.map((k) => [k, 'help'] as const),
  ...OPT_IN_KEYWORDS.map((k) => [k, 'opt_in'] as const),
]);

/** The compact, upper-case form of a message used for keyword matching. */
export function compactKeyword(text: string): string {
  return text
    .normalize('NFKC')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/[\s\-_\u2010-\u2015]+/gu, '')
    .toUpperCase();
}

/** The keyword a whole message is, or undefined for an ordinary reply. */
export function matchKeyword(text: string): KeywordMatch | undefined {
  const compact = compactKeyword(text);
  const kind = KINDS.get(compact);
  if (!kind) return undefined;
  return { kind, keyword: compact === 'OPTOUT' ? 'OPT-OUT' : compact };
}

export const isOptOut = (text: string): boolean => matchKeyword(text)?.kind === 'opt_out';

// ---------------------------------------------------------------------------------------------
// The replies. None carries marketing: no offer, no link, no discount code.

/** A phrase standing for the brand in replies: its name, trimmed, else "This number". */
const brandLabel = (brandName: string | null | undefined): string => brandName?.trim() || 'This number';

/** The single confirmation after an opt-out. */
export function optOutConfirmation(brandName: string | null | undefined): string {
  return `${brandLabel(brandName)}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
}

/** The confirmation after START / UNSTOP. */
export function optInConfirmation(brandName: string | null | undefined): string {
  return `${brandLabel(brandName)}: You are subscribed again. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`;
}

export interface HelpContact {
  brandName: string | null | undefined;
  supportEmail?: string | null;
  supportPhone?: string | null;
  /** Used when the brand has neither a support e-mail nor a phone. */
  website?: string | null;
}

/**
 * HELP / INFO: the brand name, a contact (support e-mail and/or phone, else the website),
 * "Msg&data rates may apply" and how to stop.
 */
export function helpReply({ brandName, supportEmail, supportPhone, website }: HelpContact): string {
  const contacts = [supportEmail?.trim(), supportPhone?.trim()].filter((value): value is string => Boolean(value));
  if (contacts.length === 0 && website?.trim()) contacts.push(website.trim());
  const reach =
    contacts.length > 0 ? `For help, contact ${contacts.join(' or ')}.` : 'For help, reply to this message.';
  return `${brandLabel(brandName)}: ${reach} Msg&data rates may apply. Reply STOP to opt out.`;
}
