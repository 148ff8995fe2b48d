import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { isOwner } from "@/lib/domain/permissions";
import { ApiError } from "@/lib/errors";
import { formatEuro, formatNumber } from "@/lib/format";
import { customerIdParams } from "@/lib/schemas/customers";
import { customerDetail } from "@/lib/services/customers";
import { CustomerActions } from "@/components/admin/customers/customer-actions";
import { StatusBadge } from "@/components/admin/orders/order-badges";
import { PostalAddress } from "@/components/ui/postal-address";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("customers"))("detailTitle") };
}

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const session = await requireBackOffice("customers");
  const [raw, t, locale] = await Promise.all([params, getTranslations("customers"), getLocale()]);
  const parsed = customerIdParams.safeParse(raw);
  if (!parsed.success) notFound();
  const c = await customerDetail(parsed.data.customerId).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  });
  const euro = (cents: number) => formatEuro(cents, locale);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "Europe/Berlin",
    }).format(new Date(iso));
  return (
    <section className="space-y-4" data-testid="customer-detail">
      <Link href="/admin/customers" className="text-sm text-brand-700 hover:underline">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold break-words">{c.name || c.email}</h1>
          <p className="text-stone-600">
            {t(`kinds.${c.kind}`)} · {c.email}
            {c.phone ? ` · ${c.phone}` : ""}
          </p>
        </div>
        {/* Export, erasure and password links are the owner's. */}
        {isOwner(session.roles) && <CustomerActions id={c.id} email={c.email} />}
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          [t("orders"), formatNumber(c.orders, locale)],
          [t("spent"), euro(c.spentCents)],
          [t("images"), formatNumber(c.images, locale)],
          [t("generations"), `${formatNumber(c.generations.count, locale)} · ${euro(c.generations.aiCostCents)}`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card space-y-2" aria-labelledby="c-addresses">
          <h2 id="c-addresses" className="font-semibold">
            {t("addresses")}
          </h2>
          {c.addresses.length === 0 ? (
            <p className="text-sm text-stone-600">{t("noAddresses")}</p>
          ) : (
            c.addresses.map((a, i) => (
              <div key={i} className="text-sm">
                <span className="text-stone-500">{t(`addressKinds.${a.kind}`)}</span>
                <PostalAddress address={a} locale={locale} />
              </div>
            ))
          )}
          <p className="text-xs text-stone-500">
            {t("since", { date: when(c.createdAt) })}
            {c.emailVerifiedAt ? ` · ${t("verified", { date: when(c.emailVerifiedAt) })}` : ""}
          </p>
        </section>
        <section className="card space-y-2" aria-labelledby="c-timeline">
          <h2 id="c-timeline" className="font-semibold">
            {t("timeline")}
          </h2>
          <ol className="max-h-80 space-y-1 overflow-auto text-sm" tabIndex={0} aria-labelledby="c-timeline">
            {c.timeline.map((e, i) => (
              <li key={i} className="flex flex-wrap gap-x-2">
                <time className="text-stone-500 tabular-nums" dateTime={e.at}>
                  {when(e.at)}
                </time>
                <span>
                  {t(`events.${e.what}`)}
                  {e.detail && e.what !== "passwordLink" ? ` ${e.detail}` : ""}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <section className="space-y-2" aria-labelledby="c-orders">
        <h2 id="c-orders" className="font-semibold">
          {t("orderList")}
        </h2>
        {c.orderList.length === 0 ? (
          <p className="text-sm text-stone-600">{t("noOrders")}</p>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white" data-testid="customer-orders">
            {c.orderList.map((o) => (
              <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm">
                <Link href={`/admin/orders/${o.id}`} className="font-medium text-brand-700 hover:underline">
                  {o.orderNumber}
                </Link>
                <span className="text-stone-600">{when(o.createdAt)}</span>
                <StatusBadge status={o.status} />
                <span className="tabular-nums">{euro(o.totalCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
