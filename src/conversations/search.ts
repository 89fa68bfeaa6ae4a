/** The search text of the conversation list (spec 3 section 5, "Conversation search"). */
import { AppError } from '../app/index.ts';

export const NUMERIC_SEARCH_MESSAGE = 'Value must be a numeric string';

export type ConversationSearch = { kind: 'phone'; digits: string } | { kind: 'name'; words: string[] };

/**
 * Search text q: a numeric string searches the phone number partially, otherwise it is a name
 * search on given and family name (two words match first and last). Text that starts like a
 * number (a digit, '+' or '(') must be one: digits with optional spaces, dots, dashes, parentheses
 * and a leading '+'; else 'Value must be a numeric string'.
 */
export function parseConversationSearch(q: string | undefined): ConversationSearch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (/^[+(\d]/.test(text)) {
    const digits = text.replace(/^\+/, '').replace(/[\s().-]/g, '');
    if (!/^\d+$/.test(digits)) throw new AppError('invalid_input', NUMERIC_SEARCH_MESSAGE, { code: 'invalid_search' });
    return { kind: 'phone', digits };
  }
  return { kind: 'name', words: text.split(/\s+/) };
}
