/**
 * The features of a shopper text for the linear models: word unigrams and bigrams, character
 * 3- to 5-grams inside words (typos and word forms share them), words after a negation marked
 * `not:` until the next punctuation (three words at most), intensity (`!!`, CAPITALS, stretched
 * letters, intensifiers before a word), and emoji by feeling. Pure; the same text always gives the
 * same features.
 */

/** Words that turn the next words around ("not working", "never arrived", "no funciona"). */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  'nope',
  'nor',
  'cannot',
  'without',
  'hardly',
  'nunca',
  'nada',
  'sin',
]);
/** Contractions written with or without the apostrophe: "doesnt", "can't", "wont". */
const NEGATED = /^(do|does|did|is|are|was|were|has|have|had|ca|can|could|wo|would|should|must|ai|need)n'?t$/;
const INTENSIFIERS = new Set(['so', 'very', 'really', 'super', 'way', 'too', 'extremely', 'totally', 'muy', 'soo']);
const NEGATION_SCOPE = 3;
/** First words of a question written without its question mark. */
const QUESTION_START =
  /^(is|are|do|does|did|can|could|will|would|should|how|what|whats|what's|which|when|where|wheres|where's|why|any|have|has|u|cuanto|cuánto|donde|dónde|cual|cuál|que|qué|tienen|hacen|aceptan|envian|envían)$/;

const POSITIVE_EMOJI = /[😍😊🙂😀😃😄😁🥰😘❤💕💖💗💙💚💛🧡💜👍👌🙏💪🎉✨🥳☺👏🐶🐾☕💍]/u;
const NEGATIVE_EMOJI = /[😡😤😠🤬😞😟😢😭😩😫🙄😒😕👎💩😬]/u;
const LAUGH_EMOJI = /[😂🤣😅😆]/u;

export const normalText = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/https?:\/\/\S+/gi, ' xurl ');

/** Letter sizes written alone ("M vs L", "xl or xxl") read as one token: the size, not a word. */
const LETTER_SIZE = /^(xx?s|s|m|l|x{0,3}l)$/;

/** Tokens of a text: words (lower case, stretched letters squashed), numbers and letter sizes as classes, emoji, `?`, `!`, `.`, `,`. */
export const tokens = (text: string): string[] => tokensOfNormal(normalText(text));

function tokensOfNormal(normal: string): string[] {
  const out: string[] = [];
  const re =
    /\$\s?\d[\d,.]*|#\s?\d+|\d+(?:[.,]\d+)?\s?(?:%|percent)|\d+(?:[.,]\d+)?|[\p{L}][\p{L}'’]*|\p{Extended_Pictographic}|[?!.,;:]/gu;
  for (const match of normal.matchAll(re)) {
    const t = match[0];
    if (t.startsWith('$')) out.push('<money>');
    else if (t.startsWith('#')) out.push('<ordernum>');
    else if (/%|percent/.test(t)) out.push('<percent>');
    else if (/^\d/.test(t)) out.push(t.length >= 4 ? '<longnum>' : '<num>');
    else if (/\p{L}/u.test(t)) {
      const word = t
        .toLowerCase()
        .replace(/'+$/, '')
        .replace(/(\p{L})\1{2,}/gu, '$1$1');
      out.push(LETTER_SIZE.test(word) ? '<size>' : word);
    } else out.push(t);
  }
  return out;
}

const isWord = (t: string): boolean => /^[\p{L}<]/u.test(t);

/** A word's own features (`w:` and its character 3- to 5-grams), kept once computed: words repeat,
 * and the agent's path is hot. A bounded cache. */
const WORD_CACHE_SIZE = 50_000;
const wordCache = new Map<string, { w: string; grams: readonly string[] }>();
function wordFeatures(word: string): { w: string; grams: readonly string[] } {
  let cached = wordCache.get(word);
  if (cached) return cached;
  const grams: string[] = [];
  if (!word.startsWith('<')) {
    const padded = `<${word}>`;
    for (let n = 3; n <= 5; n += 1)
      for (let i = 0; i + n <= padded.length; i += 1) grams.push(`c:${padded.slice(i, i + n)}`);
  }
  cached = { w: `w:${word}`, grams };
  if (wordCache.size >= WORD_CACHE_SIZE) wordCache.clear();
  wordCache.set(word, cached);
  return cached;
}

/** The features of a text, each once (binary), in a stable order. */
export function textFeatures(text: string): string[] {
  const raw = normalText(text);
  const toks = tokensOfNormal(raw);
  const features = new Set<string>();
  const words: string[] = [];
  let negation = 0;
  let previous = '<s>';
  for (const t of toks) {
    if (!isWord(t)) {
      negation = 0;
      if (t === '?' || t === '!') features.add(`p:${t}`);
      if (/\p{Extended_Pictographic}/u.test(t)) {
        features.add(`e:${t}`);
        if (POSITIVE_EMOJI.test(t)) features.add('e:+');
        if (NEGATIVE_EMOJI.test(t)) features.add('e:-');
        if (LAUGH_EMOJI.test(t)) features.add('e:laugh');
      }
      previous = '<p>';
      continue;
    }
    words.push(t);
    const word = wordFeatures(t);
    features.add(word.w);
    features.add(`b:${previous} ${t}`);
    if (negation > 0) {
      features.add(`not:${t}`);
      negation -= 1;
    }
    if (NEGATORS.has(t) || NEGATED.test(t)) {
      features.add('neg');
      negation = NEGATION_SCOPE;
    }
    if (INTENSIFIERS.has(previous)) features.add(`int:${t}`);
    for (const c of word.grams) features.add(c);
    previous = t;
  }
  const question = raw.includes('?') || QUESTION_START.test(words[0] ?? '');
  features.add(question ? 'q:yes' : 'q:no');
  if (!question && words.length <= 3) features.add('short:statement');
  if (words.length === 0) features.add('empty');
  else features.add(`len:${Math.min(words.length, 8) >> 1}`);
  if (/[!]{2,}/.test(raw)) features.add('int:!!');
  if (/[?]{2,}/.test(raw)) features.add('int:??');
  if (/\b[A-Z]{3,}\b/.test(raw) && raw !== raw.toUpperCase()) features.add('int:caps');
  if (/(\p{L})\1{2,}/u.test(raw)) features.add('int:stretch');
  return [...features];
}
