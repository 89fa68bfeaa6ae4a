/** A brand's sending number and its pace now: for estimates (a campaign's finish). */
import type { AppContext } from '../app/index.ts';
import { providerIsPaced } from './providers.ts';
import { readPace, type Pace } from './rate-limit.ts';
import { brandSending, sendSlotToday } from './store/senders.ts';

export interface BrandPace {
  sender: string;
  pace: Pace;
  /** The number's texts today (UTC). */
  today: number;
}

/** The brand's number and pace under the configured provider; undefined without a number or a paced provider (the outbox). */
export async function brandPace(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { brandId, now }: { brandId: number; now: Date },
): Promise<BrandPace | undefined> {
  if (!providerIsPaced(ctx.config.SMS_PROVIDER)) return undefined;
  const sending = (await brandSending(ctx.db, [brandId])).get(brandId);
  if (!sending?.sender) return undefined;
  const pace = readPace(
    { tier: sending.tier, perSecond: sending.messagesPerSecond, perDay: sending.messagesPerDay },
    { perSecond: ctx.config.SMS_MESSAGES_PER_SECOND, perDay: ctx.config.SMS_MESSAGES_PER_DAY },
  );
  const today = await sendSlotToday(ctx.db, { provider: ctx.config.SMS_PROVIDER, sender: sending.sender, now });
  return { sender: sending.sender, pace, today };
}
