import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

export function SonnerToaster() {
  return (
    <Sonner
      position="top-center"
      // Below the 4rem sticky header, so a toast never covers its controls (issue 17).
      offset={{ top: '4.75rem' }}
      mobileOffset={{ top: '4.5rem', left: '0.75rem', right: '0.75rem' }}
      closeButton
      richColors
      toastOptions={{ className: 'font-sans', style: { borderRadius: '1rem' } }}
      // sonner's own rich colours fall under 4.5:1 on their tints; our tokens pass (WCAG 1.4.3).
      style={
        {
          '--success-text': 'var(--color-success-700)',
          '--error-text': 'var(--color-danger-700)',
        } as CSSProperties
      }
    />
  );
}
