import { describe, expect, it } from 'vitest';
import { maskPhone, scrubProviderText, scrubValue } from '../../src/errors/index.ts';
import { maskUsername } from '../../src/contacts/index.ts';

describe('a provider body keeps no whole phone number and no message text', () => {
  it.each([
    [
      'Infobip answered 400: E400 Invalid destination address in {"to":"14155550199","text":"STOP now"}',
      'Infobip answered 400: E400 Invalid destination address in {"to":"14155***0199","text":"[omitted]"}',
    ],
    ['"to":"14155550199","text":"STOP…', '"to":"14155***0199","text":"[omitted]"'],
    [
      'echoed {\\"to\\":\\"+14155550199\\",\\"text\\":\\"STOP now\\"} in a JSON string',
      'echoed {\\"to\\":\\"+1415***0199\\",\\"text\\":\\"[omitted]\\"} in a JSON string',
    ],
    ['{"Body": "Your code is 1234", "To": "+14155550199"}', '{"Body": "[omitted]", "To": "+1415***0199"}'],
    ['To=%2B14155550199&Body=STOP+now&From=%2B14155550100', 'To=+1415***0199&Body=[omitted]&From=+1415***0100'],
    ['call (415) 555-0199 or +1 415 555 0199', 'call 41555***0199 or +1415***0199'],
    [
      '"messages[0].destinations[0].to": 14155550199 is not a valid number',
      '"messages[0].destinations[0].to": 14155***0199 is not a valid number',
    ],
  ])('%s', (input, expected) => {
    expect(scrubProviderText(input)).toBe(expected);
  });

  it.each([
    'gid://shopify/Order/5829347239847',
    'order 12345678901234567890 (20 digits)',
    'at 2026-11-24T10:52:41.123Z, 3.14155550199',
    'Stripe refused to create a customer: No such price: price_1OaB2c3D4e5F6g',
  ])('leaves ids, times and decimals alone: %s', (input) => {
    expect(scrubProviderText(input)).toBe(input);
  });

  it('masks like the contacts do, and omits text fields in objects at any depth', () => {
    expect(maskPhone('+14155550199')).toBe(maskUsername('+14155550199'));
    expect(maskPhone('+14155550199')).toBe('+1415***0199');
    expect(
      scrubValue({ status: 400, detail: 'to +14155550199', messages: [{ content: { text: 'STOP now' }, count: 1 }] }),
    ).toEqual({ status: 400, detail: 'to +1415***0199', messages: [{ content: { text: '[omitted]' }, count: 1 }] });
  });
});
