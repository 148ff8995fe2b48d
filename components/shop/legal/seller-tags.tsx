import { Fragment, type ReactNode } from "react";
import Link from "next/link";
import type { Seller, SellerField } from "@/lib/seller";
import { LEGAL_PATHS } from "./legal-paths";

/** "[SELLER_NAME not set]" → "SELLER_NAME": the variable the owner must set. */
export function sellerVariable(field: SellerField): string {
  return /\[(SELLER_[A-Z_]+)/.exec(field.value)?.[1] ?? field.value;
}

export function SellerValue({ field, notSet }: { field: SellerField; notSet: (variable: string) => string }) {
  if (!field.missing) return <>{field.value}</>;
  const variable = sellerVariable(field);
  return (
    <mark
      className="rounded bg-amber-200 px-1 font-mono text-[0.9em] text-amber-950 ring-1 ring-amber-500"
      data-testid="seller-placeholder"
      data-variable={variable}
    >
      [{notSet(variable)}]
    </mark>
  );
}

export type RichTags = Record<string, (chunks: ReactNode) => ReactNode>;

const join = (parts: ReactNode[], separator: string) =>
  parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && separator}
      {part}
    </Fragment>
  ));

export function legalTags(s: Seller, labels: { notSet: (variable: string) => string; phone: string; email: string }): RichTags {
  const v = (field: SellerField) => <SellerValue field={field} notSet={labels.notSet} />;
  const address = () => (
    <>
      {v(s.street)}, {v(s.postalCode)} {v(s.city)}, {v(s.country)}
    </>
  );
  const link = (href: string) =>
    function LegalLink(chunks: ReactNode) {
      return (
        <Link href={href} className="text-brand-700 underline">
          {chunks}
        </Link>
      );
    };
  return {
    name: () => v(s.name),
    address,
    email: () => v(s.email),
    phone: () => v(s.phone),
    contact: () => (
      <span data-testid="seller-contact">
        {join(
          [
            v(s.name),
            address(),
            <>
              {labels.phone}: {v(s.phone)}
            </>,
            <>
              {labels.email}: {v(s.email)}
            </>,
          ],
          ", ",
        )}
      </span>
    ),
    recipient: () => <span data-testid="seller-recipient">{join([v(s.name), address(), v(s.email)], ", ")}</span>,
    imprint: link(LEGAL_PATHS.imprint),
    terms: link(LEGAL_PATHS.terms),
    privacy: link(LEGAL_PATHS.privacy),
    withdrawal: link(LEGAL_PATHS.withdrawal),
    b: (chunks) => <strong>{chunks}</strong>,
  };
}
