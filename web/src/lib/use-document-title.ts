import { useEffect } from 'react';

/** Gives each page its own title (WCAG 2.4.2). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Nestmate`;
  }, [title]);
}
