/**
 * Step 1, the company details: every field checked by the registration service as the brand
 * leaves it (the service's own message shown under the field), saved only when all are valid. A
 * field registration still needs says so once the form was saved.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Field, FormError } from '../../../components/ui/field.tsx';
import { useCheckCompany } from '../api/check-company.ts';
import { useSaveCompany } from '../api/save-company.ts';
import type { CompanyBody, RegistrationView } from '../api/types.ts';
import { COMPANY_GROUPS, COMPANY_TYPE_WORDS, flatten, industryWords, nest } from './words.ts';

type Problems = Record<string, string>;

export function CompanyForm({
  brandId,
  view,
  can,
}: {
  brandId: number;
  view: RegistrationView;
  can: { allowed: boolean; reason: string | null };
}) {
  // The pages of the brand's record fill the page fields until the settings have their own.
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...(view.policy_pages.terms_url ? { 'company_info.terms_url': view.policy_pages.terms_url } : {}),
    ...(view.policy_pages.privacy_url ? { 'company_info.privacy_url': view.policy_pages.privacy_url } : {}),
    ...flatten(view.settings),
  }));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [problems, setProblems] = useState<Problems>({});
  const [saved, setSaved] = useState(false);
  const check = useCheckCompany(brandId);
  const save = useSaveCompany(brandId);
  const form = useRef<HTMLFormElement>(null);
  const typeId = useId();
  const industryId = useId();
  const missing = new Set(view.missing_fields);

  const body = (v = values) => nest(v) as CompanyBody;
  const verdict = async (v = values): Promise<Problems> => {
    const answer = await check.mutateAsync(body(v));
    const found = Object.fromEntries(answer.problems.map((p) => [p.field, p.message]));
    setProblems(found);
    return found;
  };
  const leave = (path: string) => {
    setTouched((t) => new Set(t).add(path));
    void verdict().catch(() => undefined);
  };
  const set = (path: string, value: string) => {
    setSaved(false);
    setValues((v) => ({ ...v, [path]: value }));
  };
  /** A refusal shows in the form (FormError reads the mutation's error). */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await verdict();
    const paths = COMPANY_GROUPS.flatMap((g) => g.fields.map((f) => f.path));
    setTouched(new Set(paths));
    const first = paths.find((path) => found[path]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const next = await save.mutateAsync(body());
    // The values as the service keeps them (12-3456789, CA, +14155550100).
    setValues(flatten(next.settings));
    setSaved(true);
  };
  const errorOf = (path: string): string | null => {
    if (touched.has(path) && problems[path]) return problems[path]!;
    if (touched.has(path) && missing.has(path) && !values[path]?.trim()) return 'Needed to register.';
    return null;
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate aria-label="Company details">
      {COMPANY_GROUPS.map((group) => (
        <fieldset key={group.title} className="company-group" disabled={!can.allowed}>
          <legend>{group.title}</legend>
          {group.title === 'Company' ? (
            <div className="company-selects">
              <div className="field">
                <label htmlFor={typeId}>Kind of company</label>
                <select
                  id={typeId}
                  value={values['company_info.company_type'] ?? 'non_profit'}
                  onChange={(e) => set('company_info.company_type', e.target.value)}
                >
                  {view.company_types.map((type) => (
                    <option key={type} value={type}>
                      {COMPANY_TYPE_WORDS[type] ?? type}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={industryId}>Industry</label>
                <select
                  id={industryId}
                  value={values['company_info.industry_type'] ?? 'retail'}
                  onChange={(e) => set('company_info.industry_type', e.target.value)}
                >
                  {view.industries.map((industry) => (
                    <option key={industry} value={industry}>
                      {industryWords(industry)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
          <div className="company-fields">
            {group.fields.map((field) => (
              <Field
                key={field.path}
                name={field.path}
                label={field.optional ? `${field.label} (optional)` : field.label}
                hint={field.hint}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                value={values[field.path] ?? ''}
                error={errorOf(field.path)}
                onChange={(e) => set(field.path, e.target.value)}
                onBlur={() => leave(field.path)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="plan-actions">
        <button className="button button-primary" type="submit" disabled={!can.allowed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save company details'}
        </button>
        {!can.allowed && can.reason ? <span className="muted">{can.reason}</span> : null}
        {saved ? (
          <span className="form-ok" role="status">
            Saved.
          </span>
        ) : null}
      </div>
      <FormError message={save.error?.message ?? check.error?.message} />
    </form>
  );
}
