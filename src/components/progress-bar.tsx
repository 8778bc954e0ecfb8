/** A determinate progress bar (0..1), announced to assistive technology with its label. */
export function ProgressBar(props: { label: string; share: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, props.share)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded bg-surface-2"
    >
      <div className="h-full bg-accent" style={{ width: `${percent}%` }} />
    </div>
  );
}
