import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireRoles } from "@/lib/auth/guard";
import { listVatRates } from "@/lib/services/vat";
import { RowButtons } from "@/components/ui/list/row-buttons";
import { VatRowActions } from "@/components/admin/vat/vat-row-actions";
import { ChooseDefaultVat } from "@/components/admin/vat/choose-default-vat";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vat"))("title") };
}

export default async function VatListPage() {
  await requireRoles(["admin"]);
  const [t, tc, rates] = await Promise.all([getTranslations("vat"), getTranslations("common"), listVatRates()]);
  const hasDefault = rates.some((r) => r.isDefault);
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Link href="/admin/vat/new" className="btn-primary">
          {t("new")}
        </Link>
      </div>
      {!hasDefault && rates.length > 0 && <ChooseDefaultVat rates={rates} />}
      <VatRowActions />
      {rates.length === 0 ? (
        <p className="card text-stone-600">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          {/* A table from lg; on phones every rate is a stacked card (name, percent and badge, description, buttons). */}
          <table className="rt-table" data-testid="vat-table">
            <thead className="rt-head">
              <tr>
                <th className="px-4 py-2 font-medium">{t("name")}</th>
                <th className="px-4 py-2 text-right font-medium">{t("percent")}</th>
                <th className="px-4 py-2 font-medium">{t("description")}</th>
                <th className="px-4 py-2 font-medium">{t("isDefault")}</th>
                <th className="px-4 py-2 text-right font-medium">{tc("actions")}</th>
              </tr>
            </thead>
            <tbody className="rt-body">
              {rates.map((rate) => (
                <tr key={rate.id} className="rt-row-flex" data-testid={`vat-row-${rate.id}`}>
                  <td className="font-medium break-words rt-cell">{rate.name}</td>
                  <td className="tabular-nums rt-cell lg:text-right">{t("percentValue", { percent: rate.percent })}</td>
                  <td className={`${rate.description ? "" : "hidden"} order-last basis-full text-stone-600 lg:order-none rt-cell`}>{rate.description}</td>
                  <td className={`${rate.isDefault ? "" : "hidden"} rt-cell`}>
                    {rate.isDefault && <span data-testid="default-badge" className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{t("defaultBadge")}</span>}
                  </td>
                  <td className="order-last basis-full pt-2 lg:order-none rt-cell">
                    <RowButtons
                      editHref={`/admin/vat/${rate.id}/edit`}
                      editLabel={tc("edit")}
                      deleteLabel={tc("delete")}
                      id={rate.id}
                      name={rate.name}
                      deleteData={{ "data-default": rate.isDefault ? "true" : undefined }}
                    >
                      {!rate.isDefault && (
                        <button type="button" className="btn-secondary" data-row-action="setDefault" data-row-id={rate.id} data-row-label={rate.name}>
                          {t("setDefault")}
                        </button>
                      )}
                    </RowButtons>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
