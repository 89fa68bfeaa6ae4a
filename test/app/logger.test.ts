import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, createLogger } from '../../src/app/index.ts';
import { localTime } from '../../src/messaging/rules.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { infobipSeeds } from '../messaging/infobip-setup.ts';

const t = useTestDatabase();
const { infobipBrand, seedMessage } = infobipSeeds(t);
let infobip: FakeInfobip;
beforeAll(async () => {
  infobip = await startFakeInfobip();
});
afterAll(async () => {
  await infobip.close();
});

const NUMBER = '14155550199';
const TEXT = 'STOP now';

/** A fixed-offset zone whose local hour right now is inside [from, to), so the text is not held for the night. */
function zoneWithLocalHour(from: number, to: number): string {
  for (let offset = -12; offset <= 14; offset += 1) {
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const { hour } = localTime(new Date(), zone);
    if (hour >= from && hour < to) return zone;
  }
  throw new Error('no zone found');
}

/** The JSON lines a command logged on stderr (anything else on stderr is kept as text). */
const logLines = (stderr: string): Array<Record<string, unknown>> =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a provider error is logged with the number masked and the text left out', () => {
  it('Infobip refuses a text echoing "to" and "text": the log line, the stored reason and --json keep neither', async () => {
    const brandId = await infobipBrand({ infobip_phone_number: '+13125550100' });
    const { messageId, conversationId } = await seedMessage(brandId, {
      phone: `+${NUMBER}`,
      scheduledFor: new Date(Date.now() - 60_000),
      channel: { extra_data: { timezone: zoneWithLocalHour(10, 18) } },
    });
    await t.db('conversation_messages').where({ id: messageId }).update({ body: TEXT });
    infobip.failNext(400, 1, { echo: true });
    const env = {
      ...testEnv(t.url),
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'infobip',
      INFOBIP_BASE_URL: infobip.url,
      INFOBIP_API_KEY: infobip.apiKey,
    };

    const run = await runCli(['messages', 'send-due', '--json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ sent: 0, failed: 1, provider: 'infobip' });
    // Infobip did echo both: the request carried them and its answer quoted them.
    expect(infobip.requests.at(-1)!.raw).toContain(`"to":"${NUMBER}"`);

    const failed = logLines(run.stderr).find((line) => line.msg === 'sending a message failed');
    expect(failed).toBeDefined();
    expect((failed!.err as { message: string }).message).toBe(
      'Infobip answered 400: E400 Invalid destination address in {"to":"14155***0199","text":"[omitted]"} (messages[0].destinations[0].to: 14155***0199 is not a valid number)',
    );
    expect(run.stderr).not.toContain(NUMBER);
    expect(run.stderr).not.toContain(TEXT);

    const shown = await runCli(['conversations', 'show', String(conversationId), '--json'], env);
    expect(shown.code).toBe(0);
    const { conversation } = JSON.parse(shown.stdout) as {
      conversation: { messages: Array<{ status_reason: string | null }> };
    };
    const reasons = conversation.messages.map((m) => m.status_reason);
    expect(reasons).toContain(
      'send_failed: Infobip answered 400: E400 Invalid destination address in {"to":"14155***0199","text":"[omitted]"} (messages[0].destinations[0].to: 14155***0199 is not a valid number)',
    );
    expect(shown.stdout).not.toContain(`"${NUMBER}`);
  });

  it("an error's body fields (a Stripe error's raw answer, an HTTP library's response) are never logged", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: 'info', pretty: false, destination });
    const stripeLike = Object.assign(new Error(`Invalid phone ${NUMBER}`), {
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      raw: { message: `Invalid phone ${NUMBER}`, param: 'phone' },
      response: { body: `{"to":"${NUMBER}","text":"${TEXT}"}` },
    });
    logger.warn({ err: stripeLike }, 'stripe call failed');
    logger.error(new AppError('internal', `Failed task with error '{"text":"${TEXT}","to":"+${NUMBER}"}'`));
    logger.warn({ reason: `to +${NUMBER}: "text":"${TEXT}"` }, `graphile says "text":"${TEXT}" to ${NUMBER}`);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged[0]!.err).toMatchObject({ message: 'Invalid phone 14155***0199', statusCode: 400 });
    expect(logged[0]!.err).not.toHaveProperty('raw');
    expect(logged[0]!.err).not.toHaveProperty('response');
    expect(logged[1]!.msg).toBe(`Failed task with error '{"text":"[omitted]","to":"+1415***0199"}'`);
    expect(logged[2]).toMatchObject({
      reason: 'to +1415***0199: "text":"[omitted]"',
      msg: 'graphile says "text":"[omitted]" to 14155***0199',
    });
    expect(lines.join('')).not.toContain(NUMBER);
    expect(lines.join('')).not.toContain(TEXT);
  });
});
