/**
 * SMS length as carriers count it: the encoding (GSM-7 or UCS-2), the characters, the units the
 * encoding spends and the segments (parts) the text is cut into.
 *
 * - GSM-7 (3GPP TS 23.038 default alphabet): 160 septets in one message, 153 per part of a
 *   concatenated one (the user data header takes 7). The extension table's characters
 *   (`^ { } \ [ ~ ] | €` and form feed) are sent as escape + character: two septets, never split
 *   across parts.
 * - UCS-2 as soon as one character is outside GSM-7: 70 UTF-16 code units in one message, 67 per
 *   part. A character outside the Basic Multilingual Plane (an emoji) is a surrogate pair: two
 *   units, never split across parts.
 *
 * One function for the send path's accounting (the segments recorded on each message) and the
 * panel's composer, so an estimate and the recorded figure agree. This module imports nothing: the
 * panel bundles it as it is (eslint.config.js, "shared with the panel").
 */

export type Encoding = 'GSM-7' | 'UCS-2';

/** Septets per message: one message, one part of a concatenated message. */
export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
/** UTF-16 code units per message: one message, one part of a concatenated message. */
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two septets (escape + character). */
const GSM_EXTENSION = '\f^{}\\[~]|€';
const GSM_BASIC_SET = new Set(GSM_BASIC);
const GSM_EXTENSION_SET = new Set(GSM_EXTENSION);

export const isGsm7 = (char: string): boolean => GSM_BASIC_SET.has(char) || GSM_EXTENSION_SET.has(char);

/**
 * Characters that force UCS-2 and have a GSM-7 look-alike a shopper reads the same way: the
 * composer offers the swap in one click. A character missing here (an emoji, a Chinese letter) has
 * no replacement.
 */
const REPLACEMENTS: Record<string, { name: string; replacement: string }> = {
  '\u2018': { name: 'curly opening quote ‘', replacement: "'" },
  '\u2019': { name: 'curly apostrophe ’', replacement: "'" },
  '\u201a': { name: 'low single quote ‚', replacement: "'" },
  '\u201b': { name: 'reversed single quote ‛', replacement: "'" },
  '\u2032': { name: 'prime ′', replacement: "'" },
  '\u00b4': { name: 'acute accent ´', replacement: "'" },
  '`': { name: 'backtick `', replacement: "'" },
  '\u201c': { name: 'curly opening double quote “', replacement: '"' },
  '\u201d': { name: 'curly closing double quote ”', replacement: '"' },
  '\u201e': { name: 'low double quote „', replacement: '"' },
  '\u201f': { name: 'reversed double quote ‟', replacement: '"' },
  '\u2033': { name: 'double prime ″', replacement: '"' },
  '\u00ab': { name: 'guillemet «', replacement: '"' },
  '\u00bb': { name: 'guillemet »', replacement: '"' },
  '\u2013': { name: 'en dash –', replacement: '-' },
  '\u2014': { name: 'em dash —', replacement: '-' },
  '\u2012': { name: 'figure dash ‒', replacement: '-' },
  '\u2212': { name: 'minus sign −', replacement: '-' },
  '\u2010': { name: 'hyphen ‐', replacement: '-' },
  '\u2011': { name: 'non-breaking hyphen ‑', replacement: '-' },
  '\u2026': { name: 'ellipsis …', replacement: '...' },
  '\u2022': { name: 'bullet •', replacement: '-' },
  '\u00a0': { name: 'non-breaking space', replacement: ' ' },
  '\u2009': { name: 'thin space', replacement: ' ' },
  '\u202f': { name: 'narrow non-breaking space', replacement: ' ' },
  '\u200b': { name: 'zero-width space', replacement: '' },
  '\u00ad': { name: 'soft hyphen', replacement: '' },
  '\ufeff': { name: 'byte order mark', replacement: '' },
  '\t': { name: 'tab', replacement: ' ' },
  '\u00d7': { name: 'multiplication sign ×', replacement: 'x' },
  '\u2122': { name: 'trademark sign ™', replacement: '(TM)' },
  '\u00ae': { name: 'registered sign ®', replacement: '(R)' },
  '\u00a9': { name: 'copyright sign ©', replacement: '(C)' },
  '\u00e7': { name: 'c with cedilla ç', replacement: 'Ç' },
  '\u00e1': { name: 'a with acute á', replacement: 'a' },
  '\u00e2': { name: 'a with circumflex â', replacement: 'a' },
  '\u00e3': { name: 'a with tilde ã', replacement: 'a' },
  '\u00ea': { name: 'e with circumflex ê', replacement: 'e' },
  '\u00eb': { name: 'e with diaeresis ë', replacement: 'e' },
  '\u00ed': { name: 'i with acute í', replacement: 'i' },
  '\u00ee': { name: 'i with circumflex î', replacement: 'i' },
  '\u00ef': { name: 'i with diaeresis ï', replacement: 'i' },
  '\u00f3': { name: 'o with acute ó', replacement: 'o' },
  '\u00f4': { name: 'o with circumflex ô', replacement: 'o' },
  '\u00f5': { name: 'o with tilde õ', replacement: 'o' },
  '\u00fa': { name: 'u with acute ú', replacement: 'u' },
  '\u00fb': { name: 'u with circumflex û', replacement: 'u' },
  '\u00c1': { name: 'A with acute Á', replacement: 'A' },
  '\u00cd': { name: 'I with acute Í', replacement: 'I' },
  '\u00d3': { name: 'O with acute Ó', replacement: 'O' },
  '\u00da': { name: 'U with acute Ú', replacement: 'U' },
};

/** A character that forces UCS-2: what it is, how often it occurs, and its GSM-7 look-alike. */
export interface UnicodeCharacter {
  char: string;
  /** "U+2019" */
  codePoint: string;
  /** In words: "curly apostrophe ’", "emoji 😀", "character 你". */
  name: string;
  count: number;
  /** The GSM-7 text to put instead ('' removes it), or null when none reads the same. */
  replacement: string | null;
}

export interface SmsCount {
  encoding: Encoding;
  /** Characters as a person counts them (code points; an emoji is one). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** Units one segment holds at this length: 160/70 for a single message, 153/67 per part. */
  perSegment: number;
  /** Units still free in the last segment before another one starts. */
  remaining: number;
  /** The characters that force UCS-2, in order of first appearance (empty for GSM-7). */
  unicodeCharacters: UnicodeCharacter[];
}

const codePoint = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const isEmoji = (char: string): boolean => /\p{Extended_Pictographic}/u.test(char);

function describe(char: string): string {
  const known = REPLACEMENTS[char];
  if (known) return known.name;
  if (isEmoji(char)) return `emoji ${char}`;
  if (/\p{White_Space}|\p{Cf}/u.test(char)) return `invisible character ${codePoint(char)}`;
  return `character ${char}`;
}

/** Packs units into parts without splitting an escaped character or a surrogate pair. */
function packParts(weights: number[], perPart: number): { parts: number; lastUsed: number } {
  let parts = 1;
  let used = 0;
  for (const weight of weights) {
    if (used + weight > perPart) {
      parts += 1;
      used = 0;
    }
    used += weight;
  }
  return { parts, lastUsed: used };
}

/** The encoding, characters, units and segments of a text as the carrier counts them. */
export function countSms(text: string): SmsCount {
  const chars = Array.from(text);
  const gsm = chars.every(isGsm7);
  const weights = gsm ? chars.map((c) => (GSM_EXTENSION_SET.has(c) ? 2 : 1)) : chars.map((c) => c.length);
  const units = weights.reduce((sum, w) => sum + w, 0);
  const [single, multi] = gsm ? [GSM7_SINGLE, GSM7_PART] : [UCS2_SINGLE, UCS2_PART];
  const { parts, lastUsed } = units <= single ? { parts: 1, lastUsed: units } : packParts(weights, multi);
  const perSegment = parts === 1 ? single : multi;

  const unicode = new Map<string, UnicodeCharacter>();
  if (!gsm)
    for (const char of chars) {
      if (isGsm7(char)) continue;
      const seen = unicode.get(char);
      if (seen) seen.count += 1;
      else
        unicode.set(char, {
          char,
          codePoint: codePoint(char),
          name: describe(char),
          count: 1,
          replacement: REPLACEMENTS[char]?.replacement ?? null,
        });
    }

  return {
    encoding: gsm ? 'GSM-7' : 'UCS-2',
    characters: chars.length,
    units,
    segments: parts,
    perSegment,
    remaining: perSegment - lastUsed,
    unicodeCharacters: [...unicode.values()],
  };
}

/** Every occurrence of `char` replaced by its GSM-7 look-alike (unchanged when it has none). */
export function replaceCharacter(text: string, char: string): string {
  const replacement = REPLACEMENTS[char]?.replacement;
  return replacement === undefined ? text : text.split(char).join(replacement);
}

/** Every character with a GSM-7 look-alike replaced by it (emoji and the like stay). */
export function replaceAllReplaceable(text: string): string {
  return Array.from(text, (c) => (isGsm7(c) ? c : (REPLACEMENTS[c]?.replacement ?? c))).join('');
}
