/**
 * "Publish now" for a new KB card: a member cannot publish, so the box is disabled and says why
 * (the role's reason, then `draftNote`: the card is saved as a draft).
 */
import { useId } from 'react';

export function PublishNow({
  publish,
  checked,
  onChange,
  label,
  draftNote,
}: {
  publish: { allowed: boolean; reason: string | null };
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  draftNote: string;
}) {
  const id = useId();
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={!publish.allowed}
          aria-describedby={!publish.allowed ? `${id}-why` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {!publish.allowed && publish.reason ? (
        <small id={`${id}-why`} className="muted">
          {publish.reason} {draftNote}
        </small>
      ) : null}
    </>
  );
}
