import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;

/** A segmented control of tabs (WAI-ARIA tabs: arrows move between them). */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex gap-1 rounded-pill bg-ink-100 p-1 ring-1 ring-inset ring-ink-200/70', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'flex h-10 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-pill px-3 text-sm font-semibold text-ink-700 transition-colors',
        'hover:text-ink-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-card',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-5 outline-none', className)} {...props} />;
}
