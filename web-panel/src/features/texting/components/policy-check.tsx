/**
 * Step 2, the terms and privacy pages: the carriers want the SMS consent language on them. The
 * check reads both pages (the saved ones) and lists, per page, each missing phrase with a sentence
 * to add.
 */
import { FormError } from '../../../components/ui/field.tsx';
import { useCheckPolicy } from '../api/check-policy.ts';
import type { PolicyPage, RegistrationView } from '../api/types.ts';

const PAGE_WORDS = { Terms: 'Terms page', Privacy: 'Privacy page' } as const;

function PageResult({ page }: { page: PolicyPage }) {
  const title = PAGE_WORDS[page.page];
  if (!page.accessible)
    return (
      <li className="policy-page" data-testid="policy-page">
        <h3>
          <span className="health-bad">! </span>
          {title}: could not be read
        </h3>
        <p>
          {page.url} {page.problem}. Check that the address is right and the page is public.
        </p>
      </li>
    );
  const found = page.found.length;
  const total = found + page.missing.length;
  return (
    <li className="policy-page" data-testid="policy-page">
      <h3>
        <span className={page.passes ? 'health-good' : 'health-bad'}>{page.passes ? '✓ ' : '! '}</span>
        {title}: {page.passes ? 'has the consent language' : 'missing consent language'}
      </h3>
      <p className="muted">
        {found} of {total} consent phrases found (7 are needed){page.too_short ? '; the page has almost no text' : ''}.
      </p>
      {page.missing.length > 0 ? (
        <>
          <p>Add a sentence with each missing phrase, for example:</p>
          <ul className="rule-lines" aria-label={`Missing phrases on the ${title.toLowerCase()}`}>
            {page.missing.map((m) => (
              <li key={m.phrase}>
                <strong>“{m.phrase}”</strong>
                <br />
                <q className="suggestion">{m.suggestion}</q>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

export function PolicyCheck({ brandId, view }: { brandId: number; view: RegistrationView }) {
  const check = useCheckPolicy(brandId);
  const { terms_url: terms, privacy_url: privacy } = view.policy_pages;
  const ready = Boolean(terms && privacy);
  const result = check.data;
  return (
    <>
      <p>
        The carriers read your terms and privacy pages before they approve texting. Each page needs at least 7 of 9
        consent phrases (such as “consent to receive messages” and “not a condition of purchasing”).
      </p>
      {ready ? (
        <p className="muted">
          Pages checked: {terms} and {privacy}.
        </p>
      ) : (
        <p>Add your terms and privacy pages to the company details first.</p>
      )}
      <button
        className="button"
        type="button"
        disabled={!ready || check.isPending}
        onClick={() => check.mutate({ terms_url: terms ?? undefined, privacy_url: privacy ?? undefined })}
      >
        {check.isPending ? 'Reading your pages…' : result ? 'Check my pages again' : 'Check my pages'}
      </button>
      <FormError message={check.error?.message} />
      {result ? (
        <div role="status" data-testid="policy-result">
          <p className={result.passes ? 'form-ok' : 'form-error'}>
            {result.passes ? 'Both pages have the consent language the carriers look for.' : result.message}
          </p>
          <ul className="policy-pages">
            {result.pages.map((page) => (
              <PageResult key={page.page} page={page} />
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
