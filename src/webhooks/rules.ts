/**
 * What PostgreSQL can store of a webhook, decided without I/O.
 *
 * jsonb refuses some JSON that JavaScript reads without complaint: the escape `\u0000` (22P05),
 * a lone surrogate escape such as `\ud800` (22P02), a number beyond numeric's range (22003) and
 * nesting deeper than the server's stack (54001); a text column refuses U+0000 (22021). A
 * payload jsonb refuses is stored raw (its bytes) beside a processable copy made here: U+0000
 * removed, a lone surrogate replaced by U+FFFD, everything else (numbers included) left as sent.
 */

/** Longest event id, topic or shop kept as a key (the unique index holds all three on one btree row). */
export const MAX_WEBHOOK_KEY_LENGTH = 255;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A quick test that a JSON text may hold what jsonb refuses: a `\u0000` or surrogate escape (a
 * false positive, such as an escaped backslash before `u0000` or a valid pair of surrogate escapes,
 * is settled by processableJsonText, which then changes nothing). Raw U+0000 cannot be in JSON
 * text, and a raw lone surrogate reaches PostgreSQL as U+FFFD (the driver writes UTF-8), so
 * neither is looked for here; a statement refused anyway falls back to the same copy.
 */
const MAYBE_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Every escape of a JSON text, a valid surrogate pair of escapes first (so it is kept whole), and
 * the raw characters jsonb refuses. Backslashes appear in JSON only inside strings, as escapes, so
 * reading `\` plus one character as one token never mistakes an escaped backslash for an escape.
 */
const JSON_TOKENS = new RegExp(
  `\\\\u([dD][89abAB][0-9a-fA-F]{2})\\\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\\\u([0-9a-fA-F]{4})|\\\\[^u]|\\u0000|${LONE_SURROGATE.source}`,
  'g',
);

export const mayHoldUnstorableJson = (text: string): boolean => text.includes('\\u') && MAYBE_UNSTORABLE.test(text);

/**
 * The processable copy of a JSON text: `\u0000` escapes (and raw U+0000) removed, lone surrogate
 * escapes (and raw lone surrogates) replaced by U+FFFD. Everything else is returned as written, so
 * the copy is the same JSON text whenever there is nothing to change.
 */
export function processableJsonText(text: string): string {
  return text.replace(JSON_TOKENS, (token: string, pairHigh?: string, escaped?: string) => {
    if (pairHigh !== undefined) return token;
    if (escaped !== undefined) {
      const code = Number.parseInt(escaped, 16);
      if (code === 0) return '';
      return code >= 0xd800 && code <= 0xdfff ? '\\ufffd' : token;
    }
    if (token === '\u0000') return '';
    return token.length === 1 ? '\ufffd' : token; // a raw lone surrogate, else an escape kept as is
  });
}

/** A header value as it can be stored: U+0000 removed, lone surrogates replaced. */
export const storableText = (value: string): string =>
  value.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

/**
 * Why a key of the event (event id, topic, shop) cannot be stored, or undefined. Keys are not
 * rewritten: two different ids must not become one, so such an event is refused whole.
 */
export function webhookKeyProblem(keys: {
  eventId: string;
  topic?: string | null;
  shop?: string | null;
}): string | undefined {
  const named: Array<[string, string | null | undefined]> = [
    ['event id', keys.eventId],
    ['topic', keys.topic],
    ['shop', keys.shop],
  ];
  for (const [name, value] of named) {
    if (value === null || value === undefined) continue;
    if (value.includes('\u0000')) return `its ${name} holds a NUL character (\\u0000)`;
    if (LONE_SURROGATE.test(value)) return `its ${name} holds a lone surrogate (it is not well-formed Unicode)`;
    if (value.length > MAX_WEBHOOK_KEY_LENGTH)
      return `its ${name} is longer than ${MAX_WEBHOOK_KEY_LENGTH} characters (${value.length})`;
  }
  if (keys.eventId.length === 0) return 'its event id is empty';
  return undefined;
}

/**
 * True for PostgreSQL errors caused by one row's data, which fail the same way on every retry:
 * data exceptions (class 22), integrity violations (23) and program limits (54: too deep, too
 * large for an index row). Anything else (a lost connection, a timeout, a deadlock) is transient.
 */
export const isRowDataError = (sqlState: string | undefined): boolean =>
  sqlState !== undefined && ['22', '23', '54'].includes(sqlState.slice(0, 2));
