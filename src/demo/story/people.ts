/**
 * The shoppers of a demo brand. Who they are follows from their number in the list (every 20th
 * lives abroad, every 13th in Texas, ...), so each brand has the same mix on every run; names and
 * area codes come from the seeded generator.
 */
import {
  FAMILY_NAMES,
  FOREIGN_PREFIXES,
  GIVEN_NAMES,
  STRICT_AREAS,
  TERRITORY_AREAS,
  TEXAS_AREAS,
  US_AREAS,
  type Area,
} from './catalog.ts';
import type { Rng } from './random.ts';
import type { ContactRole, Group, PhoneKind, StoryContact } from './types.ts';

export interface PeopleSpec {
  /** Prefix of external ids and e-mail domains ("nw"). */
  key: string;
  emailDomain: string;
  shoppers: number;
  buyers: number;
  /** Contacts of the newest checkouts or carts: [phone kind, group] each. */
  fresh: readonly (readonly [PhoneKind, Group])[];
}

const GROUPS: readonly Group[] = ['A', 'B', 'C', 'D'];

function kindOf(n: number): PhoneKind {
  if (n % 20 === 0) return 'foreign';
  if (n % 23 === 0) return 'none';
  if (n % 13 === 0) return 'texas';
  if (n % 11 === 0) return 'strict_state';
  if (n % 29 === 0) return 'territory';
  return 'us';
}

const AREAS: Readonly<Record<Exclude<PhoneKind, 'foreign' | 'none'>, readonly Area[]>> = {
  us: US_AREAS,
  texas: TEXAS_AREAS,
  strict_state: STRICT_AREAS,
  territory: TERRITORY_AREAS,
};

/** Where the shopper lives: the phone number, the state of the address and the channel's time zone. */
export interface Place {
  phone: string | null;
  province: string | null;
  timeZone: string | null;
  city: string;
}

export function placeOf(rng: Rng, kind: PhoneKind, n: number): Place {
  const line = String(n % 10_000).padStart(4, '0');
  if (kind === 'none') {
    const where = rng.pick(US_AREAS);
    return { phone: null, province: where.state, timeZone: null, city: where.city };
  }
  if (kind === 'foreign')
    return { phone: `${rng.pick(FOREIGN_PREFIXES)}${line.slice(1)}`, province: null, timeZone: null, city: 'London' };
  const where = rng.pick(AREAS[kind]);
  // A third of the stores' customers come with a time zone of their own; it wins over the area code.
  return {
    phone: `+1${where.code}555${line}`,
    province: where.state,
    timeZone: n % 3 === 0 ? where.timeZone : null,
    city: where.city,
  };
}

function contact(
  rng: Rng,
  spec: PeopleSpec,
  n: number,
  role: ContactRole,
  kind: PhoneKind,
  group: Group,
  optedOutBefore: boolean,
): StoryContact & { city: string } {
  const place = placeOf(rng, kind, n);
  const givenName = rng.pick(GIVEN_NAMES);
  const familyName = rng.pick(FAMILY_NAMES);
  return {
    externalId: `${spec.key}-customer-${n}`,
    givenName,
    familyName,
    email: `${givenName}.${familyName}.${n}@${spec.emailDomain}`.toLowerCase(),
    phone: place.phone,
    phoneKind: kind,
    province: place.province,
    timeZone: place.timeZone,
    group,
    role,
    optedOutBefore: optedOutBefore && place.phone !== null,
    createdAt: new Date(0),
    optedOutAt: null,
    lastEngagedAt: null,
    city: place.city,
  };
}

/** Shoppers first, then buyers, then the contacts of the newest checkouts (no history of their own). */
export function makeContacts(rng: Rng, spec: PeopleSpec): (StoryContact & { city: string })[] {
  const out: (StoryContact & { city: string })[] = [];
  const total = spec.shoppers + spec.buyers;
  for (let n = 1; n <= total; n += 1) {
    const role: ContactRole = n <= spec.shoppers ? 'shopper' : 'buyer';
    out.push(contact(rng, spec, n, role, kindOf(n), GROUPS[n % 4]!, n % 17 === 0));
  }
  spec.fresh.forEach(([kind, group], i) => out.push(contact(rng, spec, total + i + 1, 'fresh', kind, group, false)));
  return out;
}
