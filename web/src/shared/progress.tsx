/** The one progress bar of the web app: a small horizontal bar (0..1), named for screen readers by `label`. */
export function Bar({ value, label, className = 'bg-primary' }: { value: number; label: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full min-w-16 overflow-hidden rounded bg-muted"
    >
      <span className={`block h-full ${className}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
