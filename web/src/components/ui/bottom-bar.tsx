import type { ReactNode } from 'react';
import { useBottomInset } from '../../lib/bottom-inset';
import { cn } from '../../lib/cn';

/**
 * A bar fixed at the foot of the screen (the app's tabs, the profile editors' Save), kept above the cookie
 * banner while it is open. Moved by a transform, not by `bottom`: the banner shows once a server-rendered
 * screen is hydrated (N221), and moving the bar then is no layout shift (N223). Its own component, so a
 * change of the banner's height re-renders the bar alone (N257). A `label` makes it a navigation landmark.
 */
export function BottomBar({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const inset = useBottomInset();
  const Tag = label ? 'nav' : 'div';
  return (
    <Tag
      aria-label={label}
      style={inset > 0 ? { transform: `translateY(-${inset}px)` } : undefined}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur',
        className,
      )}
    >
      {children}
    </Tag>
  );
}
