import type { ReactNode } from 'react';

export function PageSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {children}
    </section>
  );
}
