// A determinate progress bar (e.g. topic generation) that screen readers can read.
export type ProgressBarProps = {
  value: number;
  max?: number;
  /** Names the bar for assistive technology, e.g. "Generating topics". */
  label: string;
  className?: string;
};

export function ProgressBar({ value, max = 100, label, className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max === 0 ? 0 : Math.round((clamped / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={`${percent}%`}
      className={['ui-progress', className].filter(Boolean).join(' ')}
    >
      <div className="ui-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
