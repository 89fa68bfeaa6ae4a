/**
 * The 10DLC registration rules, without I/O: the industry -> vertical table, the brand and campaign
 * payloads with the spec's constants, the campaign checks against Infobip's limits, the choice of
 * a number, and the automation_state machine of spec 3 section 4.
 */
import { AppError } from '../../app/index.ts';
import { COMPANY_TYPES, DEFAULT_COMPANY_TYPE, type CompanySettings } from './settings.ts';

/** Infobip's vertical for each of the 20 industries a brand may declare; anything else is retail. */
export const INDUSTRY_VERTICALS: Readonly<Record<string, string>> = {
  agriculture: 'AGRICULTURE',
  construction: 'CONSTRUCTION_AND_MATERIALS',
  education: 'EDUCATION',
  energy: 'ENERGY_AND_UTILITIES',
  entertainment: 'ENTERTAINMENT',
  financial_services: 'FINANCIAL_SERVICES',
  healthcare: 'HEALTHCARE_AND_LIFESCIENCES',
  hospitality: 'HOSPITALITY',
  technology: 'INFORMATION_TECHNOLOGY_SERVICES',
  insurance: 'INSURANCE',
  manufacturing: 'MANUFACTURING',
  media: 'MASS_MEDIA_AND_COMMUNICATION',
  non_profit: 'NON_PROFIT_ORGANIZATION',
  real_estate: 'REAL_ESTATE',
  retail: 'RETAIL_AND_CONSUMER_PRODUCTS',
  professional_services: 'PROFESSIONAL_SERVICES',
  staffing: 'HUMAN_RESOURCES_STAFFING_RECRUITMENT',
  transportation: 'TRANSPORTATION_LOGISTICS',
  delivery: 'POSTAL_DELIVERY',
  legal: 'LEGAL',
};
export const DEFAULT_VERTICAL = 'RETAIL_AND_CONSUMER_PRODUCTS';

/** 'Financial Services', 'financial-services' and 'FINANCIAL_SERVICES' are one industry. */
export const industryKey = (industry: string | null | undefined): string =>
  (industry ?? '')
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export const verticalOf = (industry: string | null | undefined): string =>
  INDUSTRY_VERTICALS[industryKey(industry)] ?? DEFAULT_VERTICAL;

/** Infobip wants phone numbers in international format without '+'. */
const digits = (phone: string | undefined): string | undefined => phone?.replace(/^\+/, '');

/** The brand registration payload (spec 3 section 3) from a brand's complete company settings. */
export function brandPayload(brandId: number, s: CompanySettings): Record<string, unknown> {
  const company = s.company_info;
  return {
    name: s.brand_info.brand_name,
    legalName: company.legal_company_name,
    website: s.brand_info.website_url,
    type: COMPANY_TYPES[company.company_type ?? DEFAULT_COMPANY_TYPE],
    countryCode: 'US',
    vertical: verticalOf(company.industry_type),
    taxId: company.tax_ein,
    taxIdIssuingCountry: 'US',
    supportPhone: digits(s.contact_info.phone),
    supportEmail: s.contact_info.email,
    businessDBA: s.brand_info.brand_name,
    stage: 'DRAFT',
    referenceId: String(brandId),
    address: {
      street: company.address?.line1,
      city: company.address?.city,
      state: company.address?.state,
      zipCode: company.address?.zip,
    },
  };
}

/** A campaign name Infobip accepts: letters, digits, spaces and underscores, at most 30. */
export function campaignName(brandName: string): string {
  const cleaned = `${brandName} Cart Reminders`
    .replace(/[^A-Za-z0-9 _]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, 30).trim();
}

export interface CampaignInput {
  /** Ours, so a campaign created by a step that crashed before recording it is found again. */
  referenceId: string;
  brandName: string;
  infobipBrandId: string;
  numberKey: string;
  applicationId: string;
  website: string;
  termsUrl: string;
  careEmail: string;
  carePhone: string;
}

/** The campaign payload with the spec's constants (spec 3 sections 3 and 9). */
export function campaignPayload(input: CampaignInput): Record<string, unknown> {
  const brand = input.brandName;
  const site = input.website.replace(/\/+$/, '');
  const link = `${site}/r/AbC123`;
  return {
    type: 'TEN_DIGIT_LONG_CODE',
    referenceId: input.referenceId,
    applicationId: input.applicationId,
    lowVolume: false,
    messageTypes: ['SMS', 'MMS'],
    useCases: ['PROMOTIONAL_MARKETING', 'CHAT'],
    ageGated: true,
    directLending: false,
    embeddedLink: true,
    embeddedPhone: false,
    name: campaignName(brand),
    brandId: input.infobipBrandId,
    // Infobip's schema: `numberKeys` takes number keys; `numbers` takes phone numbers only.
    numberKeys: [input.numberKey],
    customerCarePhone: digits(input.carePhone),
    customerCareEmail: input.careEmail,
    termsAndConditionsUrl: input.termsUrl,
    confirmationMessage: `${brand}: you are subscribed to cart reminders. Msg frequency varies. Msg&data rates may apply. Reply HELP for help, STOP to cancel.`,
    helpMessage: `${brand}: for help, e-mail ${input.careEmail} or call ${input.carePhone}. Msg&data rates may apply. Reply STOP to cancel.`,
    stopMessage: `${brand}: you are unsubscribed and will receive no more messages. Reply START to subscribe again.`,
    exampleMessages: [
      `${brand}: Hi Sam, you left something in your cart. Finish your order here: ${link} Reply STOP to opt out.`,
      `${brand}: Still thinking it over? Your cart is saved, and code LR-7KQ2MX takes 10% off: ${link} Reply STOP to opt out.`,
    ],
    programSummary: `${brand} sends one cart reminder per abandoned cart within 48 hours to shoppers who opted in to texts at checkout on ${site}, and answers their replies. Msg frequency varies. Msg&data rates may apply. Reply HELP for help, STOP to cancel.`,
    optIns: {
      web: {
        callToAction: `Shoppers opt in at checkout on ${site} by ticking an unticked box reading "Text me cart reminders and offers. Consent is not a condition of purchase. Msg frequency varies. Msg&data rates may apply. Reply STOP to cancel." Terms: ${input.termsUrl}`,
        url: site,
      },
    },
  };
}

/** Infobip's limits on the campaign fields we fill; the first broken one is named in the error. */
export function validateCampaignPayload(payload: Record<string, unknown>): void {
  const text = (field: string): string => (typeof payload[field] === 'string' ? (payload[field] as string) : '');
  const checks: Array<[string, boolean, string]> = [
    [
      'name',
      /^[A-Za-z0-9 _]{1,30}$/.test(text('name')),
      `must be 1-30 characters of letters, digits, spaces and underscores (got ${JSON.stringify(text('name'))})`,
    ],
    [
      'programSummary',
      text('programSummary').length >= 40 && text('programSummary').length <= 500,
      `must be 40-500 characters (got ${text('programSummary').length})`,
    ],
    [
      'confirmationMessage',
      text('confirmationMessage').length >= 20 && text('confirmationMessage').length <= 320,
      `must be 20-320 characters (got ${text('confirmationMessage').length})`,
    ],
  ];
  const broken = checks.find(([, ok]) => !ok);
  if (broken)
    throw new AppError('invalid_input', `Invalid campaign: ${broken[0]} ${broken[2]}.`, {
      code: 'invalid_campaign',
      details: { field: broken[0] },
    });
}

export interface OwnedNumber {
  numberKey: string;
  number: string;
}

/**
 * Among the owned numbers no campaign uses, one whose area code is the preference, else the first
 * ('No numbers available for campaign creation', 'No unused numbers available for campaign creation').
 */
export function pickNumber(owned: OwnedNumber[], used: Set<string>, areaCode?: string): OwnedNumber {
  if (owned.length === 0) throw new AppError('invalid_input', 'No numbers available for campaign creation');
  const unused = owned.filter((n) => !used.has(n.numberKey));
  if (unused.length === 0) throw new AppError('invalid_input', 'No unused numbers available for campaign creation');
  const area = (n: OwnedNumber): string => n.number.replace(/^\+?1?/, '').slice(0, 3);
  return (areaCode ? unused.find((n) => area(n) === areaCode) : undefined) ?? unused[0]!;
}

export interface Rejection {
  reasons?: string | string[] | null;
  details?: Array<{ errorCode?: string | number | null; description?: string | null }> | null;
  date?: string | null;
}

/** The manual-intervention message of a rejected campaign: reasons, details (code: description), date. */
export function rejectionMessage({ reasons, details, date }: Rejection): string {
  const reasonText = (Array.isArray(reasons) ? reasons : reasons ? [reasons] : []).join(', ');
  const detailText = (details ?? [])
    .map((d) => `${d.errorCode ?? 'unknown'}: ${d.description ?? ''}`.trim())
    .join('; ');
  return [
    'Campaign rejected',
    reasonText ? `Reasons: ${reasonText}` : undefined,
    detailText ? `Details: ${detailText}` : undefined,
    date ? `Date: ${date}` : undefined,
  ]
    .filter(Boolean)
    .join('. ');
}

export { decideTransition, nextAction, REGISTRATION_STATES, retryState, type RegistrationState } from './states.ts';
export {
  mergeSettings,
  missingSettings,
  registrationMissing,
  notReadyMessage,
  REGISTRATION_VARIABLES,
} from './settings.ts';
