/**
 * The new-ad form (the website to read, what the ads are for, how many concepts, the image size)
 * and the job's progress in words while the server works: each step done, working or to come.
 * It only draws what it is given; the page starts the job and follows it.
 */
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/field.tsx';
import type { AdJob, AdOptions, NewAd } from '../api/make-ads.ts';

const STEPS: Array<{ phase: AdJob['phase']; words: string }> = [
  { phase: 'scrape', words: 'Reading the website' },
  { phase: 'concepts', words: 'Writing the concepts' },
  { phase: 'images', words: 'Making the images' },
  { phase: 'store', words: 'Saving the ad' },
];

/** "images 2/3" reads as "2 of 3 made"; other details are shown as the server words them. */
const detailWords = (job: AdJob): string =>
  job.phase === 'images' && /^\d+\/\d+$/.test(job.detail)
    ? `${job.detail.replace('/', ' of ')} made`
    : job.detail === 'starting'
      ? 'starting'
      : job.detail;

export function AdProgress({ job }: { job: AdJob }) {
  return (
    <div className="ad-progress" data-testid="ad-progress">
      <ol aria-label="Making the ad">
        {STEPS.map(({ phase, words }) => {
          const done = job.done.includes(phase);
          const current = !done && job.phase === phase && job.state === 'working';
          const state = done
            ? 'done'
            : current
              ? 'working'
              : job.state === 'failed' && job.phase === phase
                ? 'failed'
                : 'to do';
          return (
            <li
              key={phase}
              className={`ad-step is-${state.replace(' ', '-')}`}
              aria-current={current ? 'step' : undefined}
            >
              <span>{words}</span>{' '}
              <span className="muted">
                {done ? '· done' : current ? `· ${detailWords(job)}…` : state === 'failed' ? '· failed' : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <p role="status" className="muted">
        {job.state === 'working'
          ? 'Working: this takes from a few seconds to a minute. You can leave this page; the ad appears in the list when it is made.'
          : job.state === 'done'
            ? 'The ad is made.'
            : ''}
      </p>
      {job.state === 'failed' ? <FormError message={job.error} /> : null}
    </div>
  );
}

export function NewAdForm({
  options,
  busy,
  error,
  onSubmit,
}: {
  options: AdOptions;
  busy: boolean;
  error: string | null;
  onSubmit: (ad: NewAd) => void;
}) {
  const id = useId();
  const [website, setWebsite] = useState(options.website ?? '');
  const [campaign, setCampaign] = useState('');
  const [concepts, setConcepts] = useState(String(options.default_concepts));
  const [size, setSize] = useState(options.sizes[0]?.value ?? '1024x1024');
  return (
    <form
      className="card ad-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          ...(website.trim() ? { website: website.trim() } : {}),
          ...(campaign.trim() ? { campaign: campaign.trim() } : {}),
          concepts: Number(concepts),
          dimensions: size,
        });
      }}
    >
      <h2 id={`${id}-title`}>Make an ad</h2>
      <p className="muted">
        Reclaim reads your website (its pages, products and colours), writes ad concepts and makes one image for each.
      </p>
      <div className="field">
        <label htmlFor={`${id}-website`}>Website to read</label>
        <input
          id={`${id}-website`}
          type="url"
          value={website}
          required={!options.website}
          placeholder="https://your-store.com"
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-campaign`}>What the ads are for (optional)</label>
        <input
          id={`${id}-campaign`}
          value={campaign}
          maxLength={500}
          placeholder="Winter sale: 20% off coats"
          onChange={(e) => setCampaign(e.target.value)}
        />
      </div>
      <div className="ad-form-row">
        <div className="field">
          <label htmlFor={`${id}-concepts`}>Concepts</label>
          <select id={`${id}-concepts`} value={concepts} onChange={(e) => setConcepts(e.target.value)}>
            {Array.from({ length: options.max_concepts }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-size`}>Image size</label>
          <select id={`${id}-size`} value={size} onChange={(e) => setSize(e.target.value)}>
            {options.sizes.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Making the ad…' : 'Make the ad'}
      </button>
    </form>
  );
}
