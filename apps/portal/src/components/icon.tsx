/** A one-path icon in the text colour, hidden from screen readers: the words beside it say what it means. */
export function Icon({
  d,
  className,
  viewBox = '0 0 24 24',
}: {
  d: string;
  className?: string;
  viewBox?: string;
}) {
  return (
    <svg viewBox={viewBox} aria-hidden="true" focusable="false" className={className}>
      <path fill="currentColor" d={d} />
    </svg>
  );
}
