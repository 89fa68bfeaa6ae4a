/**
 * `/b/:brandId/settings/texting`: the texting number's 10DLC registration, step by step: company
 * details (checked field by field by the registration service), the terms and privacy pages'
 * consent language, register, and where the registration stands. A member reads everything and
 * sees each write disabled with the reason.
 */
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useRegistration } from '../../features/texting/api/get-registration.ts';
import { CompanyForm } from '../../features/texting/components/company-form.tsx';
import { PolicyCheck } from '../../features/texting/components/policy-check.tsx';
import { RegisterStep, RegistrationState } from '../../features/texting/components/registration-state.tsx';
import '../../features/settings/components/settings.css';
import '../../features/texting/components/texting.css';
import { useBrand } from '../../lib/brand.tsx';
import { ability, useBrandRole } from '../../lib/role.ts';

export default function TextingPage() {
  const brand = useBrand();
  const registration = useRegistration(brand.id);
  const role = useBrandRole(brand.id);
  const can = ability(role.data, 'texting.register');
  const view = registration.data;
  return (
    <>
      <PageHeader title="Texting number">
        <Link to={`/b/${brand.id}/settings`}>Back to settings</Link>
      </PageHeader>
      <StatePanel
        loading={registration.isPending}
        error={registration.error}
        onRetry={() => void registration.refetch()}
        label="the texting registration"
      >
        {view ? (
          <ol className="steps">
            <li className="card section" aria-labelledby="step-state">
              <h2 id="step-state">Where your registration stands</h2>
              <RegistrationState brand={brand} view={view} can={can} />
            </li>
            <li className="card section" aria-labelledby="step-company">
              <h2 id="step-company">Step 1 · Company details</h2>
              <p>The registry checks these against your IRS records, so use your legal name and EIN exactly.</p>
              <CompanyForm brandId={brand.id} view={view} can={can} />
            </li>
            <li className="card section" aria-labelledby="step-policy">
              <h2 id="step-policy">Step 2 · Terms and privacy pages</h2>
              <PolicyCheck brandId={brand.id} view={view} />
            </li>
            <li className="card section" aria-labelledby="step-register">
              <h2 id="step-register">Step 3 · Register</h2>
              <RegisterStep brand={brand} view={view} can={can} />
            </li>
          </ol>
        ) : null}
      </StatePanel>
    </>
  );
}
