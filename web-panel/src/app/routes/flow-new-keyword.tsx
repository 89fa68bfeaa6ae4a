/**
 * `/b/:brandId/workflows/new/keyword`: a tap-to-text flow. Shoppers text a keyword to the brand's
 * number (or tap its `sms:` link, or scan its QR code); the greeting asks for Y, and the message
 * is their first marketing text. Active at once, so starting one is an admin's.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Composer } from '../../components/composer/composer.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { errorMessage } from '../../components/ui/state-panel.tsx';
import { useCreateKeywordFlow } from '../../features/workflows/api/create-keyword-flow.ts';
import { useFlowOptions } from '../../features/workflows/api/get-flow-options.ts';
import { NewFlowFrame } from '../../features/workflows/components/new-flow-frame.tsx';
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
    <NewFlowFrame
      title="New keyword flow (tap to text)"
      intro={
        <>
          Shoppers text a keyword to {options.data?.texting_number ?? 'your texting number'}, tap a link or scan a QR
          code. They are asked to reply Y; then they get your message. It starts as soon as it is saved.
        </>
      }
      options={options}
      label="the form"
    >
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
          <Field
            label="Keyword"
            value={keyword}
            autoCapitalize="characters"
            hint="2 to 20 letters or digits, like SUMMER or VIP10."
            onChange={(e) => setKeyword(e.target.value)}
          />
          <Field label="Name" value={name} placeholder="Tap to Text" onChange={(e) => setName(e.target.value)} />
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
          <Field
            label="Where the link goes (optional)"
            type="url"
            value={link}
            placeholder="https://your-store.com/summer"
            onChange={(e) => setLink(e.target.value)}
          />
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
    </NewFlowFrame>
  );
}
