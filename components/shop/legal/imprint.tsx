import type { ReactNode } from "react";
import type { Seller } from "@/lib/seller";
import { LegalPage, legalText } from "./legal-document";
import { SellerValue } from "./seller-tags";

export async function Imprint({ seller: s }: { seller: Seller }) {
  const { t } = await legalText(s);
  const notSet = (variable: string) => t("notSet", { variable });
  const v = (field: Seller["name"]) => <SellerValue field={field} notSet={notSet} />;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: "provider",
      label: t("imprint.provider"),
      value: (
        <>
          {v(s.name)}
          <br />
          {v(s.street)}
          <br />
          {v(s.postalCode)} {v(s.city)}
          <br />
          {v(s.country)}
        </>
      ),
    },
    { key: "representative", label: t("imprint.representative"), value: v(s.representative) },
    {
      key: "contact",
      label: t("imprint.contact"),
      value: (
        <>
          {t("phone")}: {v(s.phone)}
          <br />
          {t("email")}:{" "}
          {s.email.missing ? (
            v(s.email)
          ) : (
            <a href={`mailto:${s.email.value}`} className="text-brand-700 underline">
              {s.email.value}
            </a>
          )}
        </>
      ),
    },
    { key: "register", label: t("imprint.register"), value: v(s.register) },
    { key: "vatId", label: t("imprint.vatId"), value: v(s.vatId) },
    ...(s.taxNumber.missing ? [] : [{ key: "taxNumber", label: t("imprint.taxNumber"), value: v(s.taxNumber) }]),
  ];
  return (
    <LegalPage
      t={t}
      title={t("imprint.title")}
      testId="legal-imprint"
      fields={[s.name, s.street, s.postalCode, s.city, s.country, s.representative, s.phone, s.email, s.register, s.vatId]}
    >
      <p className="text-sm text-stone-600">{t("imprint.intro")}</p>
      <dl className="space-y-4">
        {rows.map((row) => (
          <div key={row.key} data-testid={`imprint-${row.key}`}>
            <dt className="font-semibold">{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </LegalPage>
  );
}
