import type { ReactNode } from "react";

export function DetailCard({
  title,
  testId,
  actions,
  children,
}: {
  title: string;
  testId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white shadow-sm" data-testid={testId} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 px-4 py-3">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      <div className="px-4 py-3 text-sm">{children}</div>
    </section>
  );
}

export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-stone-500">{term}</dt>
      <dd className="min-w-0 text-right break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
