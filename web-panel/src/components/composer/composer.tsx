/**
 * The composer (PANEL.md): one text box for workflow messages, campaign texts and inbox replies,
 * with a live count of characters, SMS segments and the encoding of what the shopper will really
 * receive, counted by the same function the send path records segments with (lib/sms.ts):
 *
 * - a marketing text (workflow, campaign) is counted rendered: the placeholders filled with sample
 *   values of a typical length, the short link as texts carry it, and the opt-out words the send
 *   path adds when the text has none;
 * - a reply is counted as typed.
 *
 * The characters that force Unicode are named, each with a one-click replacement where a GSM-7
 * look-alike exists; a preview shows the text as the shopper's phone does; the cost per text is
 * the segments times the segment price when one is set, and says it is unknown otherwise.
 */
import { useId, useMemo, useRef, type ReactNode } from 'react';
import type { ComposerContext } from '../../lib/composer-context.ts';
import {
  countSms,
  hasOptOutLine,
  PLACEHOLDERS,
  renderMessage,
  replaceAllReplaceable,
  replaceCharacter,
} from '../../lib/sms.ts';
import './composer.css';

export type ComposerMode = 'marketing' | 'reply';

const PLACEHOLDER_LABEL: Record<(typeof PLACEHOLDERS)[number], string> = {
  first_name: 'first name',
  brand_name: 'brand name',
  cart_link: 'cart link',
  discount_code: 'discount code',
  discount_value: 'discount value',
};

const FALLBACK_CONTEXT: ComposerContext = {
  link_example: 'https://example.com/r/Ab3dE5gH',
  sample: { first_name: 'Alex', brand_name: 'Your brand', discount_code: 'LR-K7QX2M', discount_value: '10%' },
  segment_price: null,
};

/** The text the shopper receives: a marketing text rendered with the sample values; a reply as typed. */
export function sentText(text: string, mode: ComposerMode, context: ComposerContext = FALLBACK_CONTEXT): string {
  if (mode === 'reply') return text.trim();
  return renderMessage(text, { ...context.sample, cart_link: context.link_example });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function costLine(segments: number, context: ComposerContext | undefined): string {
  const price = context?.segment_price;
  if (!price) return 'Cost per text: unknown (this server has no price per segment set yet).';
  const each = Number(price.amount);
  const money = (value: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency, maximumFractionDigits: 4 }).format(
      value,
    );
  return `Estimated cost per text: ${money(each * segments)} (${plural(segments, 'segment')} × ${money(each)}).`;
}

export function Composer({
  label,
  value,
  onChange,
  mode,
  context,
  disabled,
  maxLength,
  rows = 4,
  note,
  whenEmpty,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  mode: ComposerMode;
  /** The brand's short link, sample values and segment price (undefined while it loads). */
  context: ComposerContext | undefined;
  disabled?: boolean;
  maxLength?: number;
  rows?: number;
  /** A line under the box (a refusal, say), read with it. */
  note?: ReactNode;
  /** The text sent when the box is left empty (a default greeting): counted and previewed then. */
  whenEmpty?: string;
}) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const counted = value.trim() || !whenEmpty ? value : whenEmpty;
  const sent = useMemo(() => sentText(counted, mode, context ?? FALLBACK_CONTEXT), [counted, mode, context]);
  const count = useMemo(() => countSms(sent), [sent]);
  const unicode = count.encoding === 'UCS-2';
  const replaceable = count.unicodeCharacters.filter((c) => c.replacement !== null);

  const insert = (placeholder: string) => {
    const el = box.current;
    const at = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    const token = `{${placeholder}}`;
    onChange(value.slice(0, at) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  return (
    <div className="composer">
      <label htmlFor={`${id}-text`} className="composer-label">
        {label}
      </label>
      {mode === 'marketing' ? (
        <div className="composer-placeholders" role="group" aria-label="Insert a placeholder">
          {PLACEHOLDERS.map((p) => (
            <button
              key={p}
              type="button"
              className="button button-quiet chip"
              disabled={disabled}
              onClick={() => insert(p)}
            >
              + {PLACEHOLDER_LABEL[p]}
            </button>
          ))}
        </div>
      ) : null}
      <textarea
        ref={box}
        id={`${id}-text`}
        rows={rows}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        aria-describedby={`${id}-count ${id}-note`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-count`} className="composer-count" aria-live="polite" data-testid="composer-count">
        <strong>{plural(count.characters, 'character')}</strong> · <strong>{plural(count.segments, 'segment')}</strong>{' '}
        · <strong>{unicode ? 'Unicode (UCS-2)' : 'GSM-7'}</strong>
        <span className="muted">
          {' '}
          · {count.remaining} {unicode ? 'units' : 'characters'} left in this segment ({count.perSegment} per{' '}
          {count.segments === 1 ? 'text' : 'part'})
        </span>
      </p>
      <p id={`${id}-note`} className="muted composer-note">
        {note ? <>{note} </> : null}
        {mode === 'marketing'
          ? `Counted as sent: placeholders filled with sample values, the short link (${context?.link_example.length ?? '…'} characters)${hasOptOutLine(counted) ? '' : ' and the opt-out words added to the text'}.`
          : 'Counted as sent.'}{' '}
        {costLine(count.segments, context)}
      </p>
      {unicode ? (
        <div className="composer-unicode" role="group" aria-label="Characters that force Unicode">
          <p>Sent as Unicode (UCS-2): 70 characters fit in one text (67 per part) instead of 160 (153), because of:</p>
          <ul>
            {count.unicodeCharacters.map((c) => (
              <li key={c.char}>
                <span>
                  {c.name}{' '}
                  <span className="muted">
                    ({c.codePoint}
                    {c.count > 1 ? `, ${c.count} times` : ''})
                  </span>
                </span>
                {c.replacement !== null ? (
                  <button
                    type="button"
                    className="button button-quiet chip"
                    disabled={disabled}
                    onClick={() => onChange(replaceCharacter(value, c.char))}
                  >
                    Replace with {c.replacement === '' ? 'nothing' : `“${c.replacement}”`}
                  </button>
                ) : (
                  <span className="muted"> no GSM-7 replacement</span>
                )}
              </li>
            ))}
          </ul>
          {replaceable.length > 1 ? (
            <button
              type="button"
              className="button"
              disabled={disabled}
              onClick={() => onChange(replaceAllReplaceable(value))}
            >
              Replace all that have a replacement
            </button>
          ) : null}
        </div>
      ) : null}
      <figure className="composer-preview">
        <figcaption className="muted">
          Preview on the shopper’s phone{mode === 'marketing' ? ', with sample values' : ''}
        </figcaption>
        <div className="phone" data-testid="composer-preview">
          {sent ? <p className="bubble">{sent}</p> : <p className="muted">Nothing to send yet.</p>}
        </div>
      </figure>
    </div>
  );
}
