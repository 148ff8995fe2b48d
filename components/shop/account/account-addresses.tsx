"use client";

import { useLocale, useTranslations } from "next-intl";
import type { AccountAddress } from "@/lib/schemas/account";
import { PostalAddress } from "@/components/ui/postal-address";

export function AccountAddresses({ addresses }: { addresses: AccountAddress[] }) {
  const t = useTranslations("account");
  const locale = useLocale();
  if (addresses.length === 0) return <p className="text-sm text-stone-600">{t("addressesEmpty")}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="account-addresses">
      {addresses.map((a, i) => (
        <li key={`${a.kind}-${i}`} className="rounded-md border border-stone-200 p-3 text-sm">
          <p className="mb-1 text-xs font-medium uppercase tracking-wide text-stone-500">
            {a.kind === "billing" ? t("billingAddress") : t("shippingAddress")}
          </p>
          <PostalAddress address={a} locale={locale} />
        </li>
      ))}
    </ul>
  );
}
