/**
 * Company settings used for 10DLC brand registration (spec 3 section 3): company_info, brand_info,
 * contact_info, compliance_contact. Pure: the schema of each field, the merge of a partial update
 * and the check that everything registration needs is there.
 */
import { z } from 'zod';
import { AppError } from '../../app/index.ts';

/** The 50 states, DC and the inhabited territories TCR accepts in a US address. */
export const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

/** Brand types of Infobip's number registration API; the spec registers TENDLC_NON_PROFIT. */
export const COMPANY_TYPES = {
  non_profit: 'TENDLC_NON_PROFIT',
  private: 'TENDLC_PRIVATE_COMPANY',
  public: 'TENDLC_PUBLIC_COMPANY',
} as const;
export type CompanyType = keyof typeof COMPANY_TYPES;
export const DEFAULT_COMPANY_TYPE: CompanyType = 'non_profit';

const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, `${field} must be a full http(s) URL such as https://example.com/terms`);
const usPhone = (field: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s().-]/g, ''))
    .transform((value) => (/^\d{10}$/.test(value) ? `+1${value}` : /^1\d{10}$/.test(value) ? `+${value}` : value))
    .refine(
      (value) => /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(value),
      `${field} must be a US phone number such as +14155550100`,
    );
const email = (field: string) => z.string().trim().email(`${field} must be an e-mail address`);

export const companySettingsSchema = z.object({
  company_info: z
    .object({
      legal_company_name: z.string().trim().min(1, 'legal company name must not be empty').max(255),
      industry_type: z.string().trim().min(1).max(100),
      company_type: z.enum(Object.keys(COMPANY_TYPES) as [CompanyType, ...CompanyType[]]),
      tax_ein: z
        .string()
        .trim()
        .refine((value) => /^\d{2}-?\d{7}$/.test(value), 'EIN must be 9 digits written 12-3456789')
        .transform((value) => `${value.replace('-', '').slice(0, 2)}-${value.replace('-', '').slice(2)}`),
      address: z
        .object({
          line1: z.string().trim().min(1, 'street must not be empty').max(255),
          city: z.string().trim().min(1, 'city must not be empty').max(100),
          state: z
            .string()
            .trim()
            .transform((value) => value.toUpperCase())
            .refine((value) => US_STATES.has(value), 'state must be a US state code such as CA'),
          zip: z
            .string()
            .trim()
            .refine((value) => /^\d{5}(?:-\d{4})?$/.test(value), 'ZIP must be 5 digits (or ZIP+4: 94107-1234)'),
        })
        .partial(),
      area_code_preference: z
        .string()
        .trim()
        .refine((value) => /^[2-9]\d{2}$/.test(value), 'area code must be 3 digits such as 415'),
      terms_url: httpUrl('terms URL'),
      privacy_url: httpUrl('privacy URL'),
    })
    .partial(),
  brand_info: z
    .object({ website_url: httpUrl('website URL'), brand_name: z.string().trim().min(1).max(255) })
    .partial(),
  contact_info: z.object({ phone: usPhone('contact phone'), email: email('contact e-mail') }).partial(),
  compliance_contact: z.object({ phone: usPhone('compliance phone'), email: email('compliance e-mail') }).partial(),
});
export type CompanySettings = z.output<typeof companySettingsSchema>;
/** An update: any group, any field of it. */
export type CompanySettingsInput = Partial<z.input<typeof companySettingsSchema>>;

/** One field's problem: its path (`company_info.tax_ein`) and the schema's message for it. */
export interface SettingsProblem {
  field: string;
  message: string;
}

/**
 * A partial update merged into the stored settings, field by field, and judged by the schema:
 * the settings when every field is valid, else each bad field with its message (nothing else changes).
 */
export function checkSettings(
  stored: unknown,
  patch: CompanySettingsInput,
): { settings: CompanySettings; problems: [] } | { settings?: undefined; problems: SettingsProblem[] } {
  const base = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, Record<string, unknown>>;
  const merged: Record<string, Record<string, unknown>> = {};
  for (const group of ['company_info', 'brand_info', 'contact_info', 'compliance_contact'] as const) {
    const update = Object.fromEntries(
      Object.entries((patch[group] ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined),
    );
    merged[group] = { ...(base[group] ?? {}), ...update };
    if (group === 'company_info') {
      const address = {
        ...((base.company_info?.address as Record<string, unknown>) ?? {}),
        ...Object.fromEntries(
          Object.entries((patch.company_info?.address ?? {}) as Record<string, unknown>).filter(
            ([, v]) => v !== undefined,
          ),
        ),
      };
      if (Object.keys(address).length > 0) merged.company_info!.address = address;
    }
  }
  const parsed = companySettingsSchema.safeParse(merged);
  if (parsed.success) return { settings: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  };
}

/** A partial update merged into the stored settings, field by field; nothing else changes. */
export function mergeSettings(stored: unknown, patch: CompanySettingsInput): CompanySettings {
  const checked = checkSettings(stored, patch);
  if (checked.settings) return checked.settings;
  const issues = checked.problems.map((problem) => problem.message).join('; ');
  throw new AppError('invalid_input', `Invalid company settings: ${issues}.`, { code: 'invalid_company_settings' });
}

/** The settings registration needs, with the flag that sets each. */
const REQUIRED: Array<[string, (s: CompanySettings) => unknown]> = [
  ['--legal-name', (s) => s.company_info.legal_company_name],
  ['--ein', (s) => s.company_info.tax_ein],
  ['--street', (s) => s.company_info.address?.line1],
  ['--city', (s) => s.company_info.address?.city],
  ['--state', (s) => s.company_info.address?.state],
  ['--zip', (s) => s.company_info.address?.zip],
  ['--terms-url', (s) => s.company_info.terms_url],
  ['--website', (s) => s.brand_info.website_url],
  ['--brand-name', (s) => s.brand_info.brand_name],
  ['--phone', (s) => s.contact_info.phone],
  ['--email', (s) => s.contact_info.email],
];

/** The settings field each flag sets (the panel marks the field, the CLI names the flag). */
export const FIELD_OF_FLAG: Readonly<Record<string, string>> = {
  '--legal-name': 'company_info.legal_company_name',
  '--ein': 'company_info.tax_ein',
  '--street': 'company_info.address.line1',
  '--city': 'company_info.address.city',
  '--state': 'company_info.address.state',
  '--zip': 'company_info.address.zip',
  '--terms-url': 'company_info.terms_url',
  '--privacy-url': 'company_info.privacy_url',
  '--website': 'brand_info.website_url',
  '--brand-name': 'brand_info.brand_name',
  '--phone': 'contact_info.phone',
  '--email': 'contact_info.email',
};

/** The flags still missing before a brand can be registered (empty when complete). */
export const missingSettings = (settings: CompanySettings): string[] =>
  REQUIRED.filter(([, pick]) => pick(settings) === undefined).map(([flag]) => flag);

export const readSettings = (stored: unknown): CompanySettings => mergeSettings(stored, {});

/** The configuration registration needs: Infobip's API, and this server's address and secret it calls back with. */
export const REGISTRATION_VARIABLES = [
  'INFOBIP_BASE_URL',
  'INFOBIP_API_KEY',
  'PUBLIC_URL',
  'INFOBIP_WEBHOOK_SECRET',
] as const;
export type RegistrationVariable = (typeof REGISTRATION_VARIABLES)[number];

export interface ReadinessFacts {
  settings: CompanySettings;
  /** The privacy page of the brand record, used when the settings have none. */
  brandPrivacyUrl?: string | null;
  /** The values of REGISTRATION_VARIABLES (only whether each is set matters). */
  config: Partial<Record<RegistrationVariable, unknown>>;
  /** An Infobip client given in code (tests): INFOBIP_BASE_URL and INFOBIP_API_KEY are then not needed. */
  clientGiven?: boolean;
}

/**
 * Everything `messaging register` needs before it calls anyone, in one list: the settings flags
 * still missing (missingSettings, then --privacy-url when neither the settings nor the brand have a
 * privacy page), then the variables that are not set. `messaging settings` shows this list and
 * register refuses with it; only the opt-in pages (fetched by the policy check) are judged later.
 */
export function registrationMissing({
  settings,
  brandPrivacyUrl,
  config,
  clientGiven = false,
}: ReadinessFacts): string[] {
  const flags = missingSettings(settings);
  if (!settings.company_info.privacy_url && !brandPrivacyUrl) flags.push('--privacy-url');
  const variables = REGISTRATION_VARIABLES.filter(
    (name) => !(clientGiven && name.startsWith('INFOBIP_') && name !== 'INFOBIP_WEBHOOK_SECRET') && !config[name],
  );
  return [...flags, ...variables];
}

/** The company detail each flag sets, as the panel's form labels it. */
const LABEL_OF_FLAG: Readonly<Record<string, string>> = {
  '--legal-name': 'legal company name',
  '--ein': 'EIN',
  '--street': 'street',
  '--city': 'city',
  '--state': 'state',
  '--zip': 'ZIP code',
  '--terms-url': 'terms page',
  '--privacy-url': 'privacy page',
  '--website': 'website',
  '--brand-name': 'brand name',
  '--phone': 'contact phone',
  '--email': 'contact e-mail',
};

/**
 * What register says when something is missing: the flags to set, then the variables. The CLI's
 * wording names the flags and the command; the panel's (`forPanel`) names the form's fields and
 * leaves the server's variables to its operator.
 */
export function notReadyMessage(
  brandId: number,
  missing: readonly string[],
  { forPanel = false }: { forPanel?: boolean } = {},
): string {
  const flags = missing.filter((m) => m.startsWith('--'));
  const variables = missing.filter((m) => !m.startsWith('--'));
  const fields = flags.map((flag) => LABEL_OF_FLAG[flag] ?? flag);
  if (forPanel)
    return [
      fields.length > 0 ? `The company details are incomplete: fill in ${fields.join(', ')}.` : '',
      variables.length > 0
        ? 'This server is not set up to register texting numbers yet: its operator must finish the Infobip configuration.'
        : '',
    ]
      .filter(Boolean)
      .join(' ');
  return [
    flags.length > 0
      ? `Company settings are incomplete: set ${flags.join(', ')} with reclaim messaging settings --brand ${brandId}.`
      : '',
    variables.length > 0
      ? `Configuration is incomplete: set ${variables.join(', ')} (registration calls Infobip's API and points Infobip at this server's PUBLIC_URL, which refuses what does not carry INFOBIP_WEBHOOK_SECRET).`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
