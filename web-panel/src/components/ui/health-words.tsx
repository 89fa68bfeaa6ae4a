/**
 * A link's health in words: ✓ and the label in green when healthy, ! in red otherwise, then the
 * detail on its own line, then `children` (what a page adds: when it was checked, the last error).
 */
export function HealthWords({
  words,
  children,
}: {
  words: { healthy: boolean; label: string; detail: string };
  children?: React.ReactNode;
}) {
  return (
    <>
      <span className={words.healthy ? 'health-good' : 'health-bad'}>
        {words.healthy ? '✓ ' : '! '}
        {words.label}
      </span>
      <br />
      {words.detail}
      {children}
    </>
  );
}
