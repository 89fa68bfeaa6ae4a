/**
 * `/b/:brandId/workflows/new/keyword`: a tap-to-text flow. Shoppers text a keyword to the brand's
 * number (or tap its `sms:` link, or scan its QR code); the greeting asks for Y, and the message
 * is their first marketing text. Active at once, so starting one is an admin's.
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Composer } from '../../components/composer/composer.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessage, StatePanel } from '../../components/ui/state-panel.tsx';
import { useCreateKeywordFlow } from '../../features/workflows/api/create-keyword-flow.ts';
import { useFlowOptions } from '../../features/workflows/api/get-flow-options.ts';
import '../../features/workflows/components/workflows.css';
import { useBrand } from '../../lib/brand.tsx';
import { useComposerContext } from '../../lib/composer-context.ts';

export default function NewKeywordFlowPage() {
  const brand = useBrand();
  const id = useId();
  const navigate = useNavigate();
  const options = useFlowOptions(brand.id);
  const context = useComposerContext(brand.id);
  const create = useCreateKeywordFlow(brand.id);
  const [keyword, setKeyword] = useState('');
  const [name, setName] = useState('');
  const [greeting, setGreeting] = useState('');
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const canStart = options.data?.can_start === true;
  const word = keyword.trim().toUpperCase() || 'KEYWORD';
  const defaultGreeting = (options.data?.default_greeting ?? '').replaceAll('KEYWORD', word);

  return (
    <>
      <p>
        <Link to={`/b/${brand.id}/workflows`}>← All workflows</Link>
      </p>
      <PageHeader title="New keyword flow (tap to text)" />
      <p className="muted">
        Shoppers text a keyword to {options.data?.texting_number ?? 'your texting number'}, tap a link or scan a QR
        code. They are asked to reply Y; then they get your message. It starts as soon as it is saved.
      </p>
      <StatePanel
        loading={options.isPending}
        error={options.error}
        onRetry={() => void options.refetch()}
        minHeight={300}
        label="the form"
      >
        {!canStart && options.data?.reason ? (
          <p className="notice" role="note" data-testid="role-reason">
            {options.data.reason}
          </p>
        ) : null}
        <form
          className="card flow-form"
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              {
                keyword,
                message,
                greeting: greeting.trim() || undefined,
                name: name.trim() || undefined,
                link_url: link.trim() || undefined,
              },
              { onSuccess: (flow) => navigate(`/b/${brand.id}/workflows/${flow.id}`) },
            );
          }}
        >
          <h2 id={`${id}-title`}>The flow</h2>
          <fieldset disabled={!canStart} className="plain">
            <div className="field">
              <label htmlFor={`${id}-keyword`}>Keyword</label>
              <input
                id={`${id}-keyword`}
                value={keyword}
                autoCapitalize="characters"
                aria-describedby={`${id}-keyword-hint`}
                onChange={(e) => setKeyword(e.target.value)}
              />
              <small id={`${id}-keyword-hint`} className="muted">
                2 to 20 letters or digits, like SUMMER or VIP10.
              </small>
            </div>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                value={name}
                placeholder="Tap to Text"
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <Composer
              label="Greeting (the answer to the keyword)"
              value={greeting}
              onChange={setGreeting}
              mode="reply"
              context={context.data}
              note={greeting.trim() ? null : <>Left empty, the greeting is: “{defaultGreeting}”</>}
              whenEmpty={defaultGreeting}
            />
            <Composer
              label="Message after Y (their first marketing text)"
              value={message}
              onChange={setMessage}
              mode="marketing"
              context={context.data}
            />
            <div className="field">
              <label htmlFor={`${id}-link`}>Where the link goes (optional)</label>
              <input
                id={`${id}-link`}
                type="url"
                value={link}
                placeholder="https://your-store.com/summer"
                onChange={(e) => setLink(e.target.value)}
              />
            </div>
          </fieldset>
          <FormError message={create.error ? errorMessage(create.error) : null} />
          <button
            type="submit"
            className="button button-primary"
            disabled={!canStart || create.isPending || !keyword.trim() || !message.trim()}
          >
            {create.isPending ? 'Starting…' : 'Start the keyword flow'}
          </button>
        </form>
      </StatePanel>
    </>
  );
}
