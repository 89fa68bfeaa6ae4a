/**
 * A customer's `defaultPhoneNumber` as each Admin API version serves it. Seeds keep the phone's SMS
 * consent once (the flat fields: marketingState, marketingOptInLevel, marketingUpdatedAt,
 * marketingCollectedFrom); the answer carries the fields the query selects on CustomerPhoneNumber:
 * the flat ones in every version (deprecated from 2026-10) and, from 2026-10, `smsMarketingConsent
 * { state optInLevel updatedAt collectedFrom }`. Before 2026-10, selecting `smsMarketingConsent`
 * is Shopify's undefinedField error, and the request gets no data.
 */
import type { Json } from '../server.ts';
import type { GraphqlContext } from './types.ts';

export const PHONE_SMS_CONSENT_SINCE = '2026-10';

/** The top-level field names selected inside `field { … }` in a GraphQL document, if it selects it. */
function selected(query: string, field: string): Set<string> | undefined {
  const start = new RegExp(`\\b${field}\\s*\\{`).exec(query);
  if (!start) return undefined;
  const names = new Set<string>();
  let depth = 1;
  for (let i = start.index + start[0].length; i < query.length && depth > 0;) {
    const char = query[i]!;
    if (char === '{' || char === '}') {
      depth += char === '{' ? 1 : -1;
      i += 1;
      continue;
    }
    const name = /^[A-Za-z_]\w*/.exec(query.slice(i))?.[0];
    if (name) {
      if (depth === 1) names.add(name);
      i += name.length;
    } else i += 1;
  }
  return names;
}

/** Shopify's error for a CustomerPhoneNumber field the requested version does not have. */
export function phoneFieldError(query: string, version: string): Json | undefined {
  if (version >= PHONE_SMS_CONSENT_SINCE || !selected(query, 'defaultPhoneNumber')?.has('smsMarketingConsent'))
    return undefined;
  return {
    message: "Field 'smsMarketingConsent' doesn't exist on type 'CustomerPhoneNumber'",
    locations: [{ line: 1, column: 1 }],
    path: ['query', 'defaultPhoneNumber', 'smsMarketingConsent'],
    extensions: { code: 'undefinedField', typeName: 'CustomerPhoneNumber', fieldName: 'smsMarketingConsent' },
  };
}

const FLAT = ['marketingState', 'marketingOptInLevel', 'marketingUpdatedAt', 'marketingCollectedFrom'];

/** The customer with its `defaultPhoneNumber` answered as the request's version and selection give it. */
export function customerAsServed(customer: Json | null | undefined, ctx: GraphqlContext): Json | null {
  if (!customer) return null;
  const phone = customer.defaultPhoneNumber as Json | null | undefined;
  const fields = selected(ctx.query, 'defaultPhoneNumber');
  if (!phone || !fields) return customer;
  const served: Json = {};
  if (fields.has('phoneNumber')) served.phoneNumber = phone.phoneNumber;
  for (const name of FLAT) if (fields.has(name)) served[name] = phone[name] ?? null;
  if (fields.has('smsMarketingConsent'))
    served.smsMarketingConsent = {
      state: phone.marketingState,
      optInLevel: phone.marketingOptInLevel ?? null,
      updatedAt: phone.marketingUpdatedAt ?? null,
      collectedFrom: phone.marketingCollectedFrom ?? null,
    };
  return { ...customer, defaultPhoneNumber: served };
}
