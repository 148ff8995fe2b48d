import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { listVatRates } from "@/lib/services/vat";
import { ListPage } from "@/components/ui/list/list-page";
import { VatTable } from "@/components/admin/vat/vat-table";
import { VatRowActions } from "@/components/admin/vat/vat-row-actions";
import { ChooseDefaultVat } from "@/components/admin/vat/choose-default-vat";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vat"))("title") };
}

export default async function VatListPage() {
  await requireRoles(["admin"]);
  const [t, rates] = await Promise.all([getTranslations("vat"), listVatRates()]);
  const hasDefault = rates.some((r) => r.isDefault);
  return (
    <ListPage
      title={t("title")}
      actions={
        <Link href="/admin/vat/new" className="btn-primary">
          {t("new")}
        </Link>
      }
      count={rates.length}
      filtered={false}
      resetHref="/admin/vat"
      testIdPrefix="vat"
      empty={<p className="card text-stone-600">{t("empty")}</p>}
      table={
        <VatTable rates={rates.map(({ id, name, percent, description, isDefault }) => ({ id, name, percent, description, isDefault }))} />
      }
    >
      {!hasDefault && rates.length > 0 && <ChooseDefaultVat rates={rates} />}
      <VatRowActions />
    </ListPage>
  );
}
