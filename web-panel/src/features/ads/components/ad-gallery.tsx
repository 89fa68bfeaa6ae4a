/**
 * One ad: each concept beside its image (headline, body, call to action, audience, the visual
 * brief), the images without a concept after them, and the brand knowledge the concepts came from.
 * With `onRegenerate`, each concept has a button that makes it again (a new variant and image).
 */
import { formatDateTime, type Locale } from '../../../lib/format.ts';
import type { Ad, AdFile } from '../api/types.ts';
import { adTitle, siteOf } from './words.ts';

const RENDERERS: Record<string, string> = {
  local: 'rendered by Reclaim',
  automation: 'made by the automation service',
};

function Figure({ file, alt }: { file: AdFile; alt: string }) {
  return (
    <figure className="ad-figure">
      <a href={file.url} target="_blank" rel="noreferrer">
        <img
          src={file.url}
          alt={alt}
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          loading="lazy"
        />
      </a>
      <figcaption>
        {file.caption ? <span>{file.caption}</span> : null}
        <span className="muted">
          {file.width && file.height ? `${file.width}×${file.height} · ` : ''}
          <a href={file.url} download={file.name ?? undefined}>
            Download
          </a>
        </span>
      </figcaption>
    </figure>
  );
}

export function AdGallery({
  ad,
  locale,
  onRegenerate,
  regenerating = null,
}: {
  ad: Ad;
  locale: Locale;
  onRegenerate?: (index: number) => void;
  /** The concept being made again, if any. */
  regenerating?: number | null;
}) {
  const used = new Set(ad.concepts.map((c) => c.file_id));
  const loose = ad.files.filter((f) => !used.has(f.id));
  return (
    <article className="ad-gallery" aria-labelledby="ad-title">
      <h2 id="ad-title">{adTitle(ad, locale)}</h2>
      <p className="muted">
        {formatDateTime(ad.created_at, locale)} · {ad.website ? siteOf(ad.website) : 'no website'} ·{' '}
        {ad.dimensions ?? ''} · images {RENDERERS[ad.renderer ?? ''] ?? ad.renderer ?? ''} · concepts by the{' '}
        {ad.generator ?? 'local'} generator
      </p>
      <ol className="ad-concepts">
        {ad.concepts.map((concept) => {
          const file = ad.files.find((f) => f.id === concept.file_id);
          return (
            <li key={concept.id} className="ad-concept card">
              {file ? <Figure file={file} alt={`Ad image: ${concept.headline}`} /> : null}
              <div className="ad-concept-text">
                <h3>
                  {concept.index}. {concept.headline}
                </h3>
                <p>{concept.body}</p>
                <p>
                  <span className="muted">Call to action: </span>
                  <span className="ad-cta">{concept.call_to_action}</span>
                </p>
                <dl>
                  <dt>Audience</dt>
                  <dd>{concept.target_audience}</dd>
                  <dt>Visual</dt>
                  <dd>{concept.visual_description}</dd>
                </dl>
                {onRegenerate ? (
                  <p className="ad-concept-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={regenerating !== null}
                      aria-label={`Make concept ${concept.index} again`}
                      onClick={() => onRegenerate(concept.index)}
                    >
                      {regenerating === concept.index ? 'Making it again…' : 'Make it again'}
                    </button>
                    <span className="muted">A new headline, text and image replace these.</span>
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {loose.length > 0 ? (
        <section aria-label="More images" className="ad-loose">
          {loose.map((file) => (
            <Figure
              key={file.id}
              file={file}
              alt={file.caption ? `Ad image: ${file.caption}` : `Ad image ${file.id}`}
            />
          ))}
        </section>
      ) : null}
      {ad.knowledge_text ? (
        <details className="ad-knowledge">
          <summary>Brand knowledge read from the website</summary>
          <pre>{ad.knowledge_text}</pre>
        </details>
      ) : null}
    </article>
  );
}
