import * as SliderPrimitive from '@radix-ui/react-slider';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

type RangeSliderProps = {
  label: ReactNode;
  /** One value for a single thumb, two for a range. */
  value: number[];
  onChange: (value: number[]) => void;
  min: number;
  max: number;
  step?: number;
  /** How a value is shown and announced ("25 miles", "Tidy"). */
  format: (value: number) => string;
  /** Names of the thumbs for assistive tech ("Minimum", "Maximum"); defaults to the label. */
  thumbNames?: string[];
  disabled?: boolean;
  className?: string;
  /** Content at the end of the label row (e.g. a lock). */
  labelAside?: ReactNode;
};

/** A labelled slider with one or two thumbs (Radix: arrows, Home/End, Page keys). */
export function RangeSlider({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  format,
  thumbNames,
  disabled,
  className,
  labelAside,
}: RangeSliderProps) {
  const id = useId();
  const shown = value.map(format).join(' – ');
  return (
    <div className={cn('flex flex-col gap-2', disabled && 'opacity-60', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="flex items-center gap-1.5 text-sm font-semibold text-ink-800">
          {label}
          {labelAside}
        </span>
        <span className="text-sm font-semibold text-brand-700 tabular-nums" aria-hidden="true">
          {shown}
        </span>
      </div>
      <SliderPrimitive.Root
        className="relative flex h-8 w-full touch-none items-center select-none data-[disabled]:cursor-not-allowed"
        min={min}
        max={max}
        step={step}
        value={value}
        minStepsBetweenThumbs={0}
        disabled={disabled}
        onValueChange={onChange}
      >
        <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-pill bg-ink-200">
          <SliderPrimitive.Range className="absolute h-full rounded-pill bg-brand-600 data-[disabled]:bg-ink-400" />
        </SliderPrimitive.Track>
        {value.map((v, i) => (
          <SliderPrimitive.Thumb
            // biome-ignore lint/suspicious/noArrayIndexKey: thumbs are positional (minimum, maximum).
            key={i}
            aria-labelledby={thumbNames ? undefined : `${id}-label`}
            aria-label={thumbNames ? thumbNames[i] : undefined}
            aria-valuetext={format(v)}
            className="block size-7 rounded-full border-2 border-brand-700 bg-white shadow-card transition-transform hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[disabled]:border-ink-400"
          />
        ))}
      </SliderPrimitive.Root>
      <div className="flex justify-between text-xs text-ink-600" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}
