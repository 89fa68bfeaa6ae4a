import {
  notReadyMessage,
  type CompanySettings,
  type PolicyCheckResult,
  type RegistrationStatus,
} from '../../messaging/index.ts';
import { renderTable } from './table.ts';

/** The status table, then each brand's last error and next step. */
export function registrationStatusLines(rows: RegistrationStatus[]): string[] {
  if (rows.length === 0) return ['No brand has started 10DLC registration (reclaim messaging register --brand ID).'];
  const lines = [
    renderTable({
      headers: ['brand', 'name', 'state', 'since', 'number'],
      rows: rows.map((r) => [r.brandId, r.brandName, r.state, r.since, r.phoneNumber]),
      right: [0],
    }),
  ];
  for (const r of rows) {
    lines.push('', `Brand ${r.brandId}: ${r.state}`);
    if (r.lastError) lines.push(`  last error: ${r.lastError}`);
    lines.push(`  next: ${r.next}`);
  }
  return lines;
}

/** Each page's verdict, the phrases it lacks and a sentence to add for each. */
export function policyLines(result: PolicyCheckResult): string[] {
  const lines = [result.passes ? 'Policy check passed: both pages carry the SMS consent language.' : result.message!];
  for (const page of result.pages) {
    lines.push('', `${page.page} page: ${page.url}`);
    if (!page.accessible) {
      lines.push(`  not accessible: ${page.problem}`);
      continue;
    }
    const found = page.phrases.found.length;
    lines.push(
      `  ${page.length} characters; ${found} of 9 consent phrases (${Math.round(page.phrases.share * 100)}%, 70% needed)`,
    );
    if (page.tooShort) lines.push('  too short: the page needs more than 100 characters of text');
    if (page.message) lines.push(`  ${page.message}`);
    if (!page.passes && page.phrases.missing.length > 0) {
      lines.push('  missing phrases, with a sentence you can add:');
      for (const m of page.phrases.missing) lines.push(`    - "${m.phrase}": ${m.suggestion}`);
    }
  }
  return lines;
}

export function settingsLines(brandId: number, settings: CompanySettings, missing: string[]): string[] {
  const c = settings.company_info;
  const a = c.address ?? {};
  const show = (v: string | undefined) => v ?? '-';
  return [
    `Company settings of brand ${brandId}:`,
    `  legal name:        ${show(c.legal_company_name)}`,
    `  company type:      ${show(c.company_type)}`,
    `  industry:          ${show(c.industry_type)}`,
    `  EIN:               ${show(c.tax_ein)}`,
    `  address:           ${[a.line1, a.city, a.state, a.zip].filter(Boolean).join(', ') || '-'}`,
    `  area code:         ${show(c.area_code_preference)}`,
    `  terms URL:         ${show(c.terms_url)}`,
    `  privacy URL:       ${show(c.privacy_url)}`,
    `  website:           ${show(settings.brand_info.website_url)}`,
    `  brand name:        ${show(settings.brand_info.brand_name)}`,
    `  contact:           ${show(settings.contact_info.phone)} ${show(settings.contact_info.email)}`,
    `  compliance:        ${show(settings.compliance_contact.phone)} ${show(settings.compliance_contact.email)}`,
    missing.length === 0
      ? `Ready to register: reclaim messaging register --brand ${brandId} (it checks the terms and privacy pages first).`
      : `Not ready to register. ${notReadyMessage(brandId, missing)}`,
  ];
}
