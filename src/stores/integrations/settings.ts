/**
 * The settings a brand user may change through the brand API, declared per kind of integration
 * as a strict schema. Everything else in an integration's settings — sending numbers and sender
 * ids, 10DLC registration state and ids, store identity (shop, domain, store hash), scopes, ingest
 * keys, install and health records, credentials — is written only by Reclaim's own flows
 * (install, registration, sync). A key outside the schema answers 'The setting X cannot be
 * changed here' (or 'The settings X, Y cannot be changed here'), whatever the value.
 */
import { z } from 'zod';

/** The sign-off a brand keeps on an integration (free text, shown to the brand's team). */
const replySignature = z.string().trim().max(160).nullable().optional();

const brandEditable = () => z.strictObject({ reply_signature: replySignature });

/** The brand-editable settings of each kind (integrations.slug); a kind not listed gets `other`. */
export const EDITABLE_SETTINGS = {
  shopify: brandEditable(),
  bigcommerce: brandEditable(),
  infobip: brandEditable(),
  slack: brandEditable(),
  klaviyo: brandEditable(),
  other: brandEditable(),
} as const;

export type SettingsCheck = { ok: true; settings: Record<string, unknown> } | { ok: false; message: string };

const refusal = (keys: string[]): string => {
  const sorted = [...new Set(keys)].sort();
  return sorted.length === 1
    ? `The setting ${sorted[0]} cannot be changed here`
    : `The settings ${sorted.join(', ')} cannot be changed here`;
};

/**
 * The patch as the kind's schema reads it, or the message naming what cannot be changed (every
 * unknown or read-only key), or the first invalid value as `settings.key: problem`.
 */
export function checkSettingsPatch(slug: string, settings: Record<string, unknown>): SettingsCheck {
  const schema =
    slug in EDITABLE_SETTINGS ? EDITABLE_SETTINGS[slug as keyof typeof EDITABLE_SETTINGS] : EDITABLE_SETTINGS.other;
  // Own keys, '__proto__' included (JSON.parse makes it an own key; `in` and spreads would not see it).
  const allowed = Object.keys(schema.shape);
  const refused = Object.getOwnPropertyNames(settings).filter((key) => !allowed.includes(key));
  if (refused.length > 0) return { ok: false, message: refusal(refused) };
  const parsed = schema.safeParse(settings);
  if (!parsed.success) {
    const unknown = parsed.error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
    if (unknown.length > 0) return { ok: false, message: refusal(unknown) };
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `settings.${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, settings: parsed.data };
}
