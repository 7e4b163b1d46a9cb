// Plain SVG charts for the dashboard (no chart library): the funnel as bars with the conversion from the
// step before, and one daily series as columns. Each chart has a text alternative for screen readers.
import type { Overview } from './adminApi.ts';

const percent = (value: number | null) => (value === null ? '' : `${Math.round(value * 100)}%`);

export function FunnelChart({ steps }: { steps: Overview['funnel'] }) {
  const max = Math.max(1, ...steps.map((step) => step.users));
  const row = 34;
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 400 ${steps.length * row}`} role="img" aria-labelledby="funnel-title" width="100%">
        <title id="funnel-title">{steps.map((s) => `${s.label}: ${s.users}${s.conversion === null ? '' : ` (${percent(s.conversion)})`}`).join(', ')}</title>
        {steps.map((step, index) => (
          <g key={step.step} transform={`translate(0 ${index * row})`}>
            <text x="0" y="20" fontSize="12">{step.label}</text>
            <rect x="110" y="6" height="20" width={Math.max(2, (step.users / max) * 200)} fill="#1d4ed8" />
            <text x="316" y="20" fontSize="12">{step.users}{step.conversion === null ? '' : ` · ${percent(step.conversion)}`}</text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

export function DailyChart({ days, field, label }: { days: Overview['days']; field: 'visitors' | 'revenue' | 'purchases'; label: string }) {
  const values = days.map((day) => day[field]);
  const max = Math.max(1, ...values);
  const width = 400 / Math.max(1, days.length);
  return (
    <figure className="admin-chart">
      <figcaption>{label}, last {days.length} days</figcaption>
      <svg viewBox="0 0 400 120" role="img" aria-label={`${label} per day: ${days.map((d) => `${d.day} ${d[field]}`).join(', ')}`} width="100%">
        {values.map((value, index) => (
          <rect key={days[index]?.day} x={index * width + 1} y={110 - (value / max) * 100} width={width - 2} height={(value / max) * 100} fill="#0f766e" />
        ))}
        <line x1="0" y1="110" x2="400" y2="110" stroke="#64748b" />
      </svg>
    </figure>
  );
}
