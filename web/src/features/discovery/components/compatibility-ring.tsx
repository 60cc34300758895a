import { cn } from '../../../lib/cn';

/** A ring filled to the score; the number is read out as "87% compatible". */
export function CompatibilityRing({ score, className }: { score: number; className?: string }) {
  const r = 22;
  const circumference = 2 * Math.PI * r;
  return (
    <div
      className={cn(
        'flex size-16 items-center justify-center rounded-full bg-white/95 shadow-card backdrop-blur',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 52 52" className="absolute inset-0 size-full -rotate-90 p-1">
        <circle cx="26" cy="26" r={r} fill="none" strokeWidth="4" className="stroke-brand-100" />
        <circle
          cx="26"
          cy="26"
          r={r}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - Math.max(0, Math.min(100, score)) / 100)}
          className="stroke-brand-600 transition-[stroke-dashoffset] duration-500"
        />
      </svg>
      <p className="relative flex flex-col items-center leading-none">
        <span className="text-base font-extrabold text-ink-900">{score}%</span>
        <span className="text-[0.6rem] font-bold tracking-wide text-brand-800 uppercase">
          match<span className="sr-only"> (compatibility)</span>
        </span>
      </p>
    </div>
  );
}
