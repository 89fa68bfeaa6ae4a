/**
 * The texting number's registration in a brand's words (pure): each state's label, what happens
 * next and how long it usually takes; a rejected campaign's reasons; the company form's fields.
 */
import type { Registration } from '../api/types.ts';

export interface StateWords {
  label: string;
  /** What happens next, and who does it. */
  next: string;
  /** How long this step usually takes; null when nothing is waiting. */
  usually: string | null;
  tone: 'good' | 'wait' | 'bad' | 'none';
}

const WORDS: Record<Registration['state'], StateWords> = {
  create_brand_pending: {
    label: 'Sending your company details',
    next: 'Reclaim is registering your company with The Campaign Registry, which the US carriers use. Nothing to do.',
    usually: 'a few minutes',
    tone: 'wait',
  },
  brand_approval_pending: {
    label: 'Company details under review',
    next: 'The registry checks your legal name and EIN against public records. Nothing to do; Reclaim creates your campaign as soon as it is approved.',
    usually: 'a few minutes to 2 business days',
    tone: 'wait',
  },
  create_campaign_pending: {
    label: 'Choosing your number',
    next: 'Your company is approved. Reclaim is choosing a number (in your preferred area code when one is free) and creating your texting campaign.',
    usually: 'a few minutes',
    tone: 'wait',
  },
  submit_campaign_pending: {
    label: 'Submitting your campaign',
    next: 'Reclaim is sending your campaign (cart reminders and replies) to the carriers for review.',
    usually: 'a few minutes',
    tone: 'wait',
  },
  campaign_approval_pending: {
    label: 'Campaign under carrier review',
    next: 'The carriers read your sample texts, your opt-in and your terms page. Nothing to do; if they reject it, the reasons show here with a way to appeal.',
    usually: '1 to 3 weeks',
    tone: 'wait',
  },
  campaign_approval_success: {
    label: 'Approved: setting up replies',
    next: 'The carriers approved your campaign. Reclaim is routing shoppers’ replies to your inbox.',
    usually: 'a few minutes',
    tone: 'wait',
  },
  migration_pending: {
    label: 'Approved: moving texts to your number',
    next: 'Reclaim is switching your texts over to your registered number.',
    usually: 'a few minutes',
    tone: 'wait',
  },
  migration_complete: {
    label: 'Registered',
    next: 'Texts go out from your registered number and shoppers’ replies reach your inbox.',
    usually: null,
    tone: 'good',
  },
  manual_intervention: {
    label: 'Stopped: needs a fix',
    next: 'Fix what the message below names (usually a company detail), then start again.',
    usually: null,
    tone: 'bad',
  },
};

export const NOT_REGISTERED: StateWords = {
  label: 'Not registered yet',
  next: 'US carriers require businesses that text from a local number to register (10DLC). Fill in your company details, check your terms and privacy pages, then register.',
  usually: null,
  tone: 'none',
};

export const REJECTED: StateWords = {
  label: 'Campaign rejected by the carriers',
  next: 'Fix what the carriers named below, then appeal with what you changed, or submit the campaign again.',
  usually: null,
  tone: 'bad',
};

/** The words of a registration's state; a rejection while the carriers reviewed is its own. */
export function registrationInWords(
  registration: { state: Registration['state']; failed_from: string | null } | null,
): StateWords {
  if (!registration) return NOT_REGISTERED;
  if (registration.state === 'manual_intervention' && registration.failed_from === 'campaign_approval_pending')
    return REJECTED;
  return WORDS[registration.state];
}

/**
 * A stop's message as a list a brand reads: "Campaign rejected. Reasons: A, B. Details: 101: x;
 * 102: y. Date: …" becomes the reasons and the details (the date is shown from the state's time).
 */
export function stopReasons(message: string | null): string[] {
  if (!message) return [];
  const reasons = /Reasons: (.*?)(?:\. Details: |\. Date: |$)/.exec(message)?.[1];
  const details = /Details: (.*?)(?:\. Date: |$)/.exec(message)?.[1];
  if (!reasons && !details) return [message];
  return [...(reasons ? reasons.split(', ') : []), ...(details ? details.split('; ') : [])].filter(Boolean);
}

export interface CompanyField {
  path: string;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  optional?: boolean;
}

/** The company form, grouped as the registry asks for it. */
export const COMPANY_GROUPS: Array<{ title: string; fields: CompanyField[] }> = [
  {
    title: 'Company',
    fields: [
      { path: 'company_info.legal_company_name', label: 'Legal company name', autoComplete: 'organization' },
      { path: 'brand_info.brand_name', label: 'Brand name shoppers know', hint: 'Shown in the campaign.' },
      {
        path: 'company_info.tax_ein',
        label: 'EIN (US tax id)',
        hint: 'The 9 digits of your IRS letter, e.g. 12-3456789.',
      },
      { path: 'brand_info.website_url', label: 'Website', type: 'url', hint: 'e.g. https://yourstore.com' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { path: 'company_info.address.line1', label: 'Street', autoComplete: 'address-line1' },
      { path: 'company_info.address.city', label: 'City', autoComplete: 'address-level2' },
      {
        path: 'company_info.address.state',
        label: 'State',
        hint: 'Two letters, e.g. CA.',
        autoComplete: 'address-level1',
      },
      { path: 'company_info.address.zip', label: 'ZIP', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Contacts',
    fields: [
      { path: 'contact_info.phone', label: 'Support phone', type: 'tel', hint: 'A US number, e.g. +14155550100.' },
      { path: 'contact_info.email', label: 'Support e-mail', type: 'email' },
      { path: 'compliance_contact.phone', label: 'Compliance phone', type: 'tel', optional: true },
      { path: 'compliance_contact.email', label: 'Compliance e-mail', type: 'email', optional: true },
      {
        path: 'company_info.area_code_preference',
        label: 'Preferred area code',
        hint: 'Three digits, e.g. 415: the number is chosen there when one is free.',
        optional: true,
      },
    ],
  },
  {
    title: 'Terms and privacy pages',
    fields: [
      { path: 'company_info.terms_url', label: 'Terms page', type: 'url', hint: 'e.g. https://yourstore.com/terms' },
      { path: 'company_info.privacy_url', label: 'Privacy page', type: 'url' },
    ],
  },
];

export const COMPANY_TYPE_WORDS: Record<string, string> = {
  non_profit: 'Non-profit',
  private: 'Private company',
  public: 'Publicly traded company',
};

/** An industry key in words: 'financial_services' is 'Financial services'. */
export const industryWords = (key: string): string => {
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A form's flat values (path → text) from the saved settings. */
export function flatten(value: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') out[path] = inner;
    else Object.assign(out, flatten(inner, path));
  }
  return out;
}

/** The body the API takes from a form's flat values (an empty field is left as it was). */
export function nest(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return out;
}
