import { describe, expect, it } from 'vitest';
import { helpReply, matchKeyword, optInConfirmation, optOutConfirmation } from '../../src/conversations/index.ts';

describe('texting keywords (DESIGN "Compliance (US texting)"): the whole message must be the keyword', () => {
  it.each([
    // The opt-out words, case and spacing ignored.
    ['STOP', 'opt_out', 'STOP'],
    ['stop', 'opt_out', 'STOP'],
    [' Stop ', 'opt_out', 'STOP'],
    ['STOP!', 'opt_out', 'STOP'],
    ['Stop.', 'opt_out', 'STOP'],
    ['STOPALL', 'opt_out', 'STOPALL'],
    ['stop all', 'opt_out', 'STOPALL'],
    ['Stop  All', 'opt_out', 'STOPALL'],
    ['UNSUBSCRIBE', 'opt_out', 'UNSUBSCRIBE'],
    ['unsubscribe', 'opt_out', 'UNSUBSCRIBE'],
    ['CANCEL', 'opt_out', 'CANCEL'],
    ['end', 'opt_out', 'END'],
    ['Quit', 'opt_out', 'QUIT'],
    ['OPTOUT', 'opt_out', 'OPT-OUT'],
    ['OPT-OUT', 'opt_out', 'OPT-OUT'],
    ['opt out', 'opt_out', 'OPT-OUT'],
    ['opt  out', 'opt_out', 'OPT-OUT'],
    ['Opt-Out', 'opt_out', 'OPT-OUT'],
    ['REVOKE', 'opt_out', 'REVOKE'],
    ['\tstop\n', 'opt_out', 'STOP'],
    // Help.
    ['HELP', 'help', 'HELP'],
    ['help?', 'help', 'HELP'],
    ['Info', 'help', 'INFO'],
    // Opt back in.
    ['START', 'opt_in', 'START'],
    ['start', 'opt_in', 'START'],
    ['UNSTOP', 'opt_in', 'UNSTOP'],
    ['un stop', 'opt_in', 'UNSTOP'],
  ])('%j is the %s keyword %s', (text, kind, keyword) => {
    expect(matchKeyword(text)).toEqual({ kind, keyword });
  });

  it.each([
    ["please don't stop"],
    ['stop it'],
    ['Stop texting me please'],
    ['stopping by the store later'],
    ['I want to cancel my order #123'],
    ['the end'],
    ['YES'],
    ['helpful, thanks'],
    ['Is this still in stock?'],
    [''],
    ['   '],
  ])('%j is an ordinary reply', (text) => {
    expect(matchKeyword(text)).toBeUndefined();
  });
});

describe('transactional replies carry no marketing', () => {
  it('the opt-out confirmation names the brand and how to come back, and nothing else', () => {
    expect(optOutConfirmation('Acme')).toBe(
      'Acme: You are unsubscribed and will receive no more messages. Reply START to resubscribe.',
    );
    expect(optOutConfirmation('Acme')).not.toMatch(/https?:|%|off|code|discount/i);
  });

  it('HELP names the brand, a contact, "Msg&data rates may apply" and how to stop', () => {
    const text = helpReply({ brandName: 'Acme', supportEmail: 'help@acme.test', supportPhone: '+14155550100' });
    expect(text).toBe(
      'Acme: For help, contact help@acme.test or +14155550100. Msg&data rates may apply. Reply STOP to opt out.',
    );
    expect(helpReply({ brandName: 'Acme', website: 'acme.test' })).toBe(
      'Acme: For help, contact acme.test. Msg&data rates may apply. Reply STOP to opt out.',
    );
  });

  it('the opt-in confirmation says how to get help and how to stop', () => {
    expect(optInConfirmation('Acme')).toBe(
      'Acme: You are subscribed again. Msg&data rates may apply. Reply HELP for help, STOP to opt out.',
    );
  });
});
