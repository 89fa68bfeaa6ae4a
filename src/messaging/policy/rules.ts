/**
 * The opt-in policy check's rules (spec 3 sections 5, 8 and 9), pure: the nine consent phrases,
 * how a page's text is matched against them (case and whitespace ignored), the 70% threshold, the
 * spec's messages, and a sentence a brand can paste for each missing phrase.
 */

export const MIN_CONTENT_LENGTH = 100;
export const PHRASE_THRESHOLD = 0.7;

/** The nine phrases, each with a sentence that uses it, for a brand to put on its pages. */
export const CONSENT_PHRASES: ReadonlyArray<{ phrase: string; suggestion: string }> = [
  {
    phrase: 'consent to receive messages',
    suggestion: 'By ticking the box at checkout you consent to receive messages from us at the number you provide.',
  },
  {
    phrase: 'messaging program',
    suggestion: 'Our messaging program sends cart reminders and offers to shoppers who opted in.',
  },
  {
    phrase: 'marketing text messages',
    suggestion: 'You agree to receive marketing text messages, including cart reminders, from us.',
  },
  { phrase: 'cart reminders', suggestion: 'We send cart reminders when you leave items in your cart.' },
  {
    phrase: 'short message service',
    suggestion: 'Messages are sent by short message service (SMS) and multimedia message service (MMS).',
  },
  {
    phrase: 'sms messages',
    suggestion: 'You receive at most one cart reminder by SMS messages per abandoned cart, within 48 hours.',
  },
  {
    phrase: 'frequency of messages',
    suggestion:
      'The frequency of messages varies. Message and data rates may apply. Reply STOP to cancel, HELP for help.',
  },
  {
    phrase: 'no condition for purchase',
    suggestion: 'Consent to texts is no condition for purchase of any goods or services.',
  },
  {
    phrase: 'not a condition of purchasing',
    suggestion: 'Your consent is not a condition of purchasing any goods or services.',
  },
];

/** Lower case, every run of whitespace one space. */
export const normalizeText = (value: string): string => value.toLowerCase().replace(/\s+/g, ' ').trim();

export interface PhraseReport {
  found: string[];
  missing: Array<{ phrase: string; suggestion: string }>;
  /** found / 9 */
  share: number;
  passes: boolean;
}

export function matchPhrases(text: string): PhraseReport {
  const haystack = normalizeText(text);
  const found: string[] = [];
  const missing: PhraseReport['missing'] = [];
  for (const entry of CONSENT_PHRASES) {
    if (haystack.includes(normalizeText(entry.phrase))) found.push(entry.phrase);
    else missing.push(entry);
  }
  const share = found.length / CONSENT_PHRASES.length;
  return { found, missing, share, passes: share >= PHRASE_THRESHOLD };
}

export type PageName = 'Terms' | 'Privacy';

export type PageResult =
  | { page: PageName; url: string; accessible: false; problem: string }
  | {
      page: PageName;
      url: string;
      accessible: true;
      length: number;
      tooShort: boolean;
      phrases: PhraseReport;
      passes: boolean;
      message?: string;
    };

/** The spec's per-page message, for an accessible page that fails. */
export const pageMessage = (page: PageName): string =>
  `${page} page is accessible but missing required SMS compliance text. Please ensure your page contains the SMS consent language provided during setup.`;

/** A fetched page's text judged: over 100 characters and 70% of the phrases. */
export function judgePage(page: PageName, url: string, text: string): PageResult {
  const length = normalizeText(text).length;
  const phrases = matchPhrases(text);
  const tooShort = length <= MIN_CONTENT_LENGTH;
  const passes = !tooShort && phrases.passes;
  return {
    page,
    url,
    accessible: true,
    length,
    tooShort,
    phrases,
    passes,
    message: passes ? undefined : pageMessage(page),
  };
}

/** The spec's combined message, naming only the failing parts; undefined when both pages pass. */
export function policyMessage(results: PageResult[]): string | undefined {
  const parts: string[] = [];
  for (const r of results) if (!r.accessible) parts.push(`${r.page} URL not accessible`);
  for (const r of results)
    if (r.accessible && !r.passes) parts.push(`${r.page} page missing required SMS compliance text`);
  return parts.length > 0 ? `Policy verification failed: ${parts.join(', ')}` : undefined;
}

/** Same site: one host, with or without a leading www. */
export function sameSite(a: URL, b: URL): boolean {
  const host = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');
  return host(a) === host(b);
}
