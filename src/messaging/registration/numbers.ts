/**
 * The number a new campaign uses (spec 3 sections 5, 7 and 9): every owned number, 50 a page with
 * 1 s between pages until a short page; every campaign, 2,000 a page with 1 s between pages, for
 * the numbers already in use; then an unused number in the preferred area code, else the first.
 * The pause is Infobip's rate limit and stays in production; tests pass a sleep that returns at once.
 */
import type { Sleep } from '../../http/index.ts';
import { CAMPAIGNS_PAGE_SIZE, NUMBERS_PAGE_SIZE, type RegistrationClient } from './client.ts';
import { pickNumber, type OwnedNumber } from './rules.ts';

export const PAGE_PAUSE_MS = 1_000;
/** A guard against a service that never answers a short page. */
const MAX_PAGES = 1_000;

export async function allOwnedNumbers(client: RegistrationClient, sleep: Sleep): Promise<OwnedNumber[]> {
  const owned: OwnedNumber[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    if (page > 0) await sleep(PAGE_PAUSE_MS);
    const numbers = await client.ownedNumbers(page);
    owned.push(...numbers);
    if (numbers.length < NUMBERS_PAGE_SIZE) break;
  }
  return owned;
}

/** Stages of a campaign that no longer holds its number. */
const ENDED = new Set(['REJECTED', 'DEREGISTERED', 'ARCHIVED']);

export interface CampaignScan {
  used: Set<string>;
  /** A live campaign created for this reference earlier (a step that crashed after creating it). */
  ours?: { id: string; numberKey?: string };
}

export async function scanCampaigns(
  client: RegistrationClient,
  sleep: Sleep,
  referenceId?: string,
): Promise<CampaignScan> {
  const scan: CampaignScan = { used: new Set() };
  for (let page = 0; page < MAX_PAGES; page += 1) {
    if (page > 0) await sleep(PAGE_PAUSE_MS);
    const { campaigns, totalPages } = await client.campaignsPage(page);
    for (const campaign of campaigns) {
      for (const key of campaign.numberKeys) scan.used.add(key);
      if (referenceId && campaign.referenceId === referenceId && !ENDED.has((campaign.stage ?? '').toUpperCase()))
        scan.ours = { id: campaign.id, numberKey: campaign.numberKeys[0] };
    }
    if (page + 1 >= totalPages) break;
  }
  return scan;
}

export { CAMPAIGNS_PAGE_SIZE, NUMBERS_PAGE_SIZE };

/**
 * The number for the campaign; throws the spec's errors when none is owned or all are used. When a
 * live campaign with our reference exists already, it is returned as `existing` with its number.
 */
export async function selectCampaignNumber(
  client: RegistrationClient,
  {
    areaCode,
    sleep,
    referenceId,
    heldElsewhere = new Set(),
  }: {
    areaCode?: string;
    sleep: Sleep;
    referenceId?: string;
    /** Digits of the numbers another integration holds (a number belongs to one brand): never picked. */
    heldElsewhere?: ReadonlySet<string>;
  },
): Promise<OwnedNumber & { existingCampaignId?: string }> {
  const owned = await allOwnedNumbers(client, sleep);
  if (owned.length === 0) return pickNumber(owned, new Set(), areaCode);
  await sleep(PAGE_PAUSE_MS);
  const { used, ours } = await scanCampaigns(client, sleep, referenceId);
  const adopted = ours && owned.find((n) => n.numberKey === ours.numberKey);
  if (ours && adopted) return { ...adopted, existingCampaignId: ours.id };
  for (const n of owned) if (heldElsewhere.has(sendingNumberDigits(n.number))) used.add(n.numberKey);
  return pickNumber(owned, used, areaCode);
}

/** A number as brand_integrations.sending_number holds it: digits, a 10-digit number with its leading 1. */
export function sendingNumberDigits(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}
