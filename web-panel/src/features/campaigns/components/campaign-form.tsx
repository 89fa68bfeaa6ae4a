/**
 * A campaign's fields: the segment, the message in the composer, the link, the discount, the
 * cutoff and smart sending; with the estimate before it is scheduled (the audience a send now would
 * target, and the texts, segments and cost that makes, counted by the composer's own function).
 * The audience comes from the page (the segments' preview), so this feature does not read another.
 */
import { useId } from 'react';
import { Composer, sentText } from '../../../components/composer/composer.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { useComposerContext, type ComposerContext } from '../../../lib/composer-context.ts';
import { formatNumber, type Locale } from '../../../lib/format.ts';
import { countSms } from '../../../lib/sms.ts';
import type { CampaignFields } from '../api/types.ts';

export interface SegmentChoice {
  id: number;
  name: string;
  reachable: number;
}

export interface Audience {
  matching: number;
  reachable: number;
  excluded: Record<string, number>;
}

export interface CampaignDraft {
  name: string;
  segmentId: number | null;
  message: string;
  linkUrl: string;
  discountType: '' | 'percentage' | 'fixed' | 'shipping';
  discountValue: string;
  cutoffHours: string;
  smartSending: boolean;
}

export const EMPTY_DRAFT: CampaignDraft = {
  name: '',
  segmentId: null,
  message: 'Hi {first_name}, {brand_name} has something new for you: {cart_link}',
  linkUrl: '',
  discountType: '',
  discountValue: '',
  cutoffHours: '',
  smartSending: true,
};

/** What the API takes (blank fields left out of a new campaign; cleared on a change). */
export function fieldsOf(d: CampaignDraft, change: boolean): CampaignFields {
  const number = (s: string) => (s.trim() === '' ? undefined : Number(s));
  return {
    name: d.name.trim() || (change ? undefined : 'Campaign'),
    message: d.message,
    segment_id: d.segmentId ?? undefined,
    link_url: d.linkUrl.trim() ? d.linkUrl.trim() : change ? null : undefined,
    cutoff_hours: number(d.cutoffHours) ?? (change ? null : undefined),
    smart_sending: d.smartSending,
    discount: d.discountType ? { type: d.discountType, value: number(d.discountValue) } : change ? null : undefined,
  };
}

const DISCOUNT_WORDS = { percentage: 'Percent off', fixed: 'Amount off', shipping: 'Free shipping' } as const;

/** The segments to choose from, with how many of each can be texted now. */
export const segmentChoices = (
  items: Array<{ id: number; name: string; count: { reachable: number } }> | undefined,
): SegmentChoice[] => (items ?? []).map((s) => ({ id: s.id, name: s.name, reachable: s.count.reachable }));

/**
 * The fields, then the save's refusal. `audience` is the segments' preview of the draft; `save`
 * the campaign's save (its fields are disabled while it runs).
 */
export function CampaignForm({
  brand,
  draft,
  onChange,
  segments,
  audience,
  save,
}: {
  brand: Brand;
  draft: CampaignDraft;
  onChange(d: CampaignDraft): void;
  segments: SegmentChoice[];
  audience: { data: Audience | undefined; error: unknown };
  save: { isPending: boolean; error: unknown };
}) {
  const id = useId();
  const context = useComposerContext(brand.id).data;
  const locale: Locale = brand;
  const disabled = save.isPending;
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <div className="campaign-form">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={200}
            disabled={disabled}
            placeholder="Winter sale"
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-segment`}>Who gets it (segment)</label>
          <select
            id={`${id}-segment`}
            value={draft.segmentId ?? ''}
            disabled={disabled}
            onChange={(e) => set('segmentId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a segment…</option>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatNumber(s.reachable, locale)} can be texted now)
              </option>
            ))}
          </select>
        </div>
        <Composer
          label="Text to the shoppers"
          value={draft.message}
          onChange={(v) => set('message', v)}
          mode="marketing"
          context={context}
          disabled={disabled}
          maxLength={1600}
        />
        <div className="field">
          <label htmlFor={`${id}-link`}>Link ({'{cart_link}'} opens it; a short link per shopper)</label>
          <input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            value={draft.linkUrl}
            disabled={disabled}
            placeholder="https://your-store.com/sale"
            onChange={(e) => set('linkUrl', e.target.value)}
          />
        </div>
        <fieldset className="campaign-discount">
          <legend>Discount (a code per shopper)</legend>
          <label>
            <span className="visually-hidden">Discount type</span>
            <select
              value={draft.discountType}
              disabled={disabled}
              onChange={(e) => set('discountType', e.target.value as CampaignDraft['discountType'])}
            >
              <option value="">No discount code</option>
              {Object.entries(DISCOUNT_WORDS).map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
          </label>
          {draft.discountType === 'percentage' || draft.discountType === 'fixed' ? (
            <label className="segment-inline">
              {draft.discountType === 'fixed' ? '$' : ''}
              <input
                type="number"
                min={0}
                step={draft.discountType === 'fixed' ? 0.01 : 1}
                aria-label={draft.discountType === 'fixed' ? 'Amount off, in dollars' : 'Percent off'}
                value={draft.discountValue}
                disabled={disabled}
                placeholder={draft.discountType === 'percentage' ? '15' : '10.00'}
                onChange={(e) => set('discountValue', e.target.value)}
              />
              {draft.discountType === 'percentage' ? '%' : ''}
            </label>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-cutoff`}>Cutoff (hours, optional)</label>
          <input
            id={`${id}-cutoff`}
            type="number"
            min={1}
            max={72}
            step={1}
            aria-describedby={`${id}-cutoff-hint`}
            value={draft.cutoffHours}
            disabled={disabled}
            onChange={(e) => set('cutoffHours', e.target.value)}
          />
          <small id={`${id}-cutoff-hint`} className="muted">
            Texts wait for each shopper’s 8:00–21:00 window; a shopper whose window opens more than this many hours
            after the start is skipped. Empty: no cutoff.
          </small>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.smartSending}
            disabled={disabled}
            onChange={(e) => set('smartSending', e.target.checked)}
          />{' '}
          Smart sending: leave out shoppers texted in the last 24 hours
        </label>
        <Estimate
          draft={draft}
          audience={audience.data}
          error={audience.error ? errorMessage(audience.error) : null}
          context={context}
          locale={locale}
        />
      </div>
      <FormError message={save.error ? errorMessage(save.error) : null} />
    </>
  );
}

function Estimate({
  draft,
  audience,
  error,
  context,
  locale,
}: {
  draft: CampaignDraft;
  audience: Audience | undefined;
  error?: string | null;
  context: ComposerContext | undefined;
  locale: Locale;
}) {
  const perText = countSms(sentText(draft.message, 'marketing', context)).segments;
  const texts = audience?.reachable ?? 0;
  const segments = texts * perText;
  const price = context?.segment_price ? Number(context.segment_price.amount) : null;
  const money = (value: number) =>
    new Intl.NumberFormat(locale.locale, {
      style: 'currency',
      currency: context?.segment_price?.currency ?? 'USD',
    }).format(value);
  return (
    <section className="campaign-estimate" aria-labelledby="campaign-estimate-title" aria-live="polite">
      <h3 id="campaign-estimate-title">If it were sent now</h3>
      {draft.segmentId === null ? (
        <p className="muted">Choose a segment to see the audience.</p>
      ) : error ? (
        <p className="form-error">{error}</p>
      ) : !audience ? (
        <p className="muted">Counting…</p>
      ) : (
        <dl className="facts" data-testid="campaign-estimate">
          <dt>Audience</dt>
          <dd>
            {formatNumber(audience.reachable, locale)} of {formatNumber(audience.matching, locale)} who match can be
            texted ({formatNumber(audience.matching - audience.reachable, locale)} left out)
          </dd>
          <dt>Texts</dt>
          <dd>{formatNumber(texts, locale)}</dd>
          <dt>SMS segments</dt>
          <dd>
            {formatNumber(segments, locale)} ({perText} per text)
          </dd>
          <dt>Cost</dt>
          <dd>
            {price === null
              ? 'unknown: this server has no price per segment set yet'
              : `about ${money(segments * price)} (${formatNumber(segments, locale)} segments × ${money(price)})`}
          </dd>
        </dl>
      )}
      <p className="muted">
        The audience is taken again when it starts sending; texts wait for each shopper’s window, and opted-out shoppers
        are never texted.
      </p>
    </section>
  );
}
