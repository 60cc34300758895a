import * as SliderPrimitive from '@radix-ui/react-slider';
import { useId } from 'react';
import { cn } from '../../lib/cn';

type LevelSliderProps = {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  /** The words for each level, lowest first; the current one is shown and announced. */
  levelLabels: readonly string[];
  className?: string;
};

/**
 * A labelled 1-step slider whose value is read out as words ("Very clean") rather than digits.
 * Radix gives arrow, Home/End and Page keys.
 */
export function LevelSlider({ label, value, onChange, min, max, levelLabels, className }: LevelSliderProps) {
  const id = useId();
  const words = levelLabels[value - min] ?? String(value);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-semibold text-ink-800">
          {label}
        </span>
        <span className="text-sm font-semibold text-brand-700" aria-hidden="true">
          {words}
        </span>
      </div>
      <SliderPrimitive.Root
        className="relative flex h-8 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={(v) => onChange(v[0] ?? value)}
      >
        <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-pill bg-ink-200">
          <SliderPrimitive.Range className="absolute h-full rounded-pill bg-brand-600" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          aria-labelledby={`${id}-label`}
          aria-valuetext={`${value} of ${max}: ${words}`}
          className="block size-7 rounded-full border-2 border-brand-700 bg-white shadow-card transition-transform hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
      </SliderPrimitive.Root>
      <div className="flex justify-between text-xs text-ink-600" aria-hidden="true">
        <span>{levelLabels[0]}</span>
        <span>{levelLabels[levelLabels.length - 1]}</span>
      </div>
    </div>
  );
}
