import { useId } from 'react';
import { formatDate } from './badge';

type BarChartProps = {
  title: string;
  /** What one unit is, for the summary and the table ("sign-ups"). */
  unit: string;
  data: ReadonlyArray<{ day: string; value: number }>;
  /** A fill with at least 3:1 contrast on white (WCAG 1.4.11). */
  barClassName: string;
};

const W = 600;
const H = 180;
const GAP = 2;

const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * A bar chart per day. The SVG is one image with a text summary (total, peak); the full figures
 * are in a visually hidden table right after it, so screen-reader users get every number.
 */
export function BarChart({ title, unit, data, barClassName }: BarChartProps) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.reduce<(typeof data)[number] | null>((best, d) => (!best || d.value > best.value ? d : best), null);
  const slot = data.length > 0 ? W / data.length : W;
  const summary =
    data.length === 0
      ? `No ${unit} data.`
      : `${total} ${unit} over ${data.length} days, from ${formatDate(data[0]?.day ?? '')} to ${formatDate(
          data[data.length - 1]?.day ?? '',
        )}.${peak && peak.value > 0 ? ` Busiest day ${formatDate(peak.day)} with ${peak.value}.` : ''}`;

  return (
    <figure className="flex flex-col gap-3 rounded-card border border-ink-200/70 bg-white p-4 shadow-card sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="font-bold text-ink-900">
          {title}
        </h3>
        <p className="text-sm text-ink-600">
          <span className="text-lg font-extrabold tabular-nums text-ink-900">{total}</span> in {data.length} days
        </p>
      </figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between py-0.5 text-right text-xs tabular-nums text-ink-600"
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-summary`}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible sm:h-48"
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-summary`}>{summary}</desc>
          <line
            x1="0"
            x2={W}
            y1={H}
            y2={H}
            className="stroke-ink-400"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          <line
            x1="0"
            x2={W}
            y1="0.5"
            y2="0.5"
            className="stroke-ink-200"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          {data.map((d, i) => {
            const h = (d.value / max) * (H - 4);
            return (
              <rect
                key={d.day}
                x={i * slot + GAP / 2}
                y={H - h}
                width={Math.max(1, slot - GAP)}
                height={h}
                rx="2"
                className={barClassName}
              >
                <title>{`${shortDay(d.day)}: ${d.value}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {data.length > 0 && (
        <div aria-hidden="true" className="flex justify-between pl-8 text-xs text-ink-600">
          <span>{shortDay(data[0]?.day ?? '')}</span>
          <span>{shortDay(data[data.length - 1]?.day ?? '')}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title} per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDate(d.day)}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
