import type { ReactNode } from 'react';
import { Card } from './card';
import { PageShell } from './page-shell';

type PlaceholderPageProps = {
  title: string;
  description: string;
  back: { to: string; label: string };
  children?: ReactNode;
};

/** A tidy stand-in for pages that later issues build: title, one sentence, a way back. */
export function PlaceholderPage({ title, description, back, children }: PlaceholderPageProps) {
  return (
    <PageShell title={title} back={back}>
      <Card className="flex flex-col gap-3">
        <p className="text-lg text-ink-700">{description}</p>
        <p className="text-sm text-ink-600">This page is on its way. Check back soon.</p>
        {children}
      </Card>
    </PageShell>
  );
}
