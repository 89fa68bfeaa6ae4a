import { describe, expect, it } from 'vitest';
import {
  ANSWER_THRESHOLD,
  coverage,
  decide,
  effectiveMode,
  fitToSms,
  withDisclosure,
  type DecisionInput,
  type Reading,
} from '../../src/agent/rules.ts';

const reading = (patch: Partial<Reading> = {}): Reading => ({
  topic: { value: 'shipping', confidence: 0.8 },
  sentiment: { value: 'neutral', confidence: 0.7 },
  question: { value: true, confidence: 0.9 },
  smallTalk: { value: false, confidence: 0.9 },
  optOut: { value: false, confidence: 0.95 },
  person: { value: false, confidence: 0.9 },
  order: null,
  ...patch,
});
const card = { cardId: 7, title: 'Shipping to Canada', content: 'We ship to Canada in 5-7 days.', confidence: 0.95 };
const input = (patch: Partial<DecisionInput> = {}): DecisionInput => ({
  action: 'reply',
  text: 'do you ship to canada?',
  reading: reading(),
  humanActive: false,
  repliesToday: 0,
  maxRepliesPerDay: 5,
  candidate: card,
  ...patch,
});

describe('the decision on a shopper text', () => {
  it.each<[string, Partial<DecisionInput>, string, string]>([
    ['a covered question is answered from its card', {}, 'answered', 'card'],
    ['STOP handled first: opted_out', { action: 'opt_out' }, 'opted_out', 'opted_out'],
    ['HELP handled first: silent', { action: 'help' }, 'silent', 'keyword'],
    ['START handled first: silent', { action: 'opt_in' }, 'silent', 'keyword'],
    ['a person replied: human', { humanActive: true }, 'human', 'human'],
    ['HUMAN always escalates', { text: 'HUMAN' }, 'escalated', 'person'],
    ['"agent" always escalates', { text: 'can I talk to an agent' }, 'escalated', 'person'],
    ['"person" always escalates', { text: 'real person please, do you ship to canada' }, 'escalated', 'person'],
    [
      'a request for a person read by the understanding',
      { reading: reading({ person: { value: true, confidence: 0.85 } }) },
      'escalated',
      'person',
    ],
    [
      'opt-out words inside a text',
      { reading: reading({ optOut: { value: true, confidence: 0.9 } }) },
      'escalated',
      'opt_out_words',
    ],
    ['an order number', { reading: reading({ order: { number: '1042', confidence: 0.9 } }) }, 'escalated', 'order'],
    [
      'a complaint no card answers',
      { candidate: null, reading: reading({ sentiment: { value: 'negative', confidence: 0.9 } }) },
      'escalated',
      'complaint',
    ],
    [
      'a covered question read as negative is still answered',
      { reading: reading({ sentiment: { value: 'negative', confidence: 0.9 } }) },
      'answered',
      'card',
    ],
    [
      'thanks: silent',
      {
        text: 'thanks!',
        candidate: null,
        reading: reading({ smallTalk: { value: true, confidence: 0.9 }, question: { value: false, confidence: 0.9 } }),
      },
      'silent',
      'small_talk',
    ],
    ['the daily cap reached', { repliesToday: 5 }, 'escalated', 'cap'],
    ['a cap of 0 answers nothing', { maxRepliesPerDay: 0 }, 'escalated', 'cap'],
    ['no card', { candidate: null }, 'escalated', 'no_card'],
    [
      'a card below the threshold',
      { candidate: { ...card, confidence: ANSWER_THRESHOLD - 0.01 } },
      'escalated',
      'no_card',
    ],
  ])('%s', (_name, patch, decision, reason) => {
    const d = decide(input(patch));
    expect([d.decision, d.reason]).toEqual([decision, reason]);
    expect(d.sources).toEqual(decision === 'answered' ? [7] : []);
  });
});

describe('coverage of a question by a card', () => {
  const canada = { lexemes: ['ship', 'canada', 'day', 'busi'], titleLexemes: ['ship', 'canada'] };
  it.each<[string[], number]>([
    [['ship', 'canada'], 1],
    [['ship', 'australia'], 0.5],
    [['deliveri', 'canada'], 1],
    [['ship', 'canada', 'pleas', 'thank'], 1],
    [['gift', 'wrap'], 0],
    [['pleas'], 0],
  ])('%j → %s', (question, expected) => expect(coverage(question, canada)).toBe(expected));
  it('a question naming nothing of the title counts less', () => expect(coverage(['busi', 'day'], canada)).toBe(0.85));
});

describe('the reply fitted to a text', () => {
  it('a short card is the reply, whole', () => expect(fitToSms(card.content, 'canada?')).toBe(card.content));
  it('a long card keeps the sentences that answer, in order, within 320 characters', () => {
    const long = `Standard shipping takes 3-5 business days. ${'We pack every order by hand with care and recycled paper. '.repeat(5)}Canada orders take 5-7 business days.`;
    const fitted = fitToSms(long, 'how long to canada?');
    expect(fitted.length).toBeLessThanOrEqual(320);
    expect(fitted).toContain('Canada orders take 5-7 business days.');
  });
  it('the disclosure follows the first agent reply only', () => {
    expect(withDisclosure('Yes.', 'Automated reply; text HUMAN for a person', true)).toBe(
      'Yes.\nAutomated reply; text HUMAN for a person',
    );
    expect(withDisclosure('Yes.', 'Automated reply; text HUMAN for a person', false)).toBe('Yes.');
    expect(withDisclosure('Yes.', null, true)).toBe('Yes.');
  });
  it.each<[string, unknown, string]>([
    ['auto', undefined, 'auto'],
    ['auto', false, 'off'],
    ['auto', 'draft', 'draft'],
    ['draft', 'auto', 'auto'],
    ['off', 'auto', 'off'],
    ['draft', true, 'draft'],
  ])('brand %s, workflow agents_response %j → %s', (brand, workflow, mode) =>
    expect(effectiveMode(brand as 'auto', workflow)).toBe(mode),
  );
});
