/**
 * A table that may be wider than the screen (a phone): it scrolls sideways inside a labelled
 * region that takes keyboard focus (arrow keys scroll it; axe's scrollable-region-focusable), and
 * while part of it is out of view a hint says so under it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setHidden(box.scrollWidth - box.clientWidth - box.scrollLeft > 2);
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return (
    <>
      <div
        ref={ref}
        className={`table-wrap${hidden ? ' has-more' : ''}${className ? ` ${className}` : ''}`}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
      {hidden ? (
        <p className="table-more muted" aria-hidden="true">
          Scroll sideways for more →
        </p>
      ) : null}
    </>
  );
}
