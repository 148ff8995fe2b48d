import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { formatEuro } from "@/lib/format";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { DetailCard } from "./detail-card";

type Event = AdminOrderDetail["timeline"][number];

const DATA_KEYS = [
  "before",
  "after",
  "totalCents",
  "fromTotalCents",
  "toTotalCents",
  "amountCents",
  "grossCents",
  "refundCents",
  "heldCents",
  "expectedAmountCents",
  "currency",
  "expectedCurrency",
  "provider",
  "carrier",
  "trackingNumber",
  "number",
  "invoiceNumber",
  "refersTo",
  "kind",
  "attempt",
  "error",
  "unpaidHours",
  "linkVersion",
] as const;
type DataKey = (typeof DATA_KEYS)[number];

const TONE: Partial<Record<Event["type"], string>> = {
  paid: "bg-green-500",
  processed: "bg-sky-500",
  shipped: "bg-indigo-500",
  delivered: "bg-green-600",
  cancelled: "bg-stone-500",
  expired: "bg-stone-500",
  refunded: "bg-amber-500",
  payment_failed: "bg-red-500",
  refund_failed: "bg-red-500",
  mail_failed: "bg-red-500",
  amount_mismatch: "bg-red-500",
  duplicate_payment: "bg-red-500",
  dispute_opened: "bg-red-500",
};

const MAIL_KINDS = ["receipt", "shipped", "cancelled", "refunded", "account", "other"] as const;
const PROVIDERS = ["stripe", "sandbox"] as const;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** A corrected address on one line: name, street, place, country. */
function addressLine(a: Record<string, unknown>): string {
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
  const place = [a.postalCode, a.city].filter(Boolean).join(" ");
  return [name, a.street1, a.street2, place, a.countryCode].filter((v) => typeof v === "string" && v).join(", ");
}

function facts(
  data: Event["data"],
  locale: string,
  label: { mailKind: (k: (typeof MAIL_KINDS)[number]) => string; provider: (p: (typeof PROVIDERS)[number]) => string },
) {
  if (!data) return [];
  return DATA_KEYS.flatMap((key): { key: DataKey; value: string }[] => {
    const value = data[key];
    if (value === null || value === undefined || value === "") return [];
    if (key.endsWith("Cents")) return typeof value === "number" ? [{ key, value: formatEuro(value, locale) }] : [];
    if (key === "kind") return isOneOf(MAIL_KINDS, value) ? [{ key, value: label.mailKind(value) }] : [];
    if (key === "provider") return isOneOf(PROVIDERS, value) ? [{ key, value: label.provider(value) }] : [];
    if (typeof value === "string" || typeof value === "number") return [{ key, value: String(value) }];
    if ((key === "before" || key === "after") && typeof value === "object")
      return [{ key, value: addressLine(value as Record<string, unknown>) }];
    return [];
  });
}

export async function OrderTimeline({ timeline }: { timeline: Event[] }) {
  const [t, format, locale] = await Promise.all([getTranslations("adminOrders"), getFormatter(), getLocale()]);
  const label = {
    mailKind: (k: (typeof MAIL_KINDS)[number]) => t(`timeline.mailKind.${k}`),
    provider: (p: (typeof PROVIDERS)[number]) => t(`money.provider.${p}`),
  };
  return (
    <DetailCard title={t("timeline.title")} testId="order-timeline">
      {timeline.length === 0 ? (
        <p className="text-stone-500">{t("timeline.empty")}</p>
      ) : (
        <ol className="relative space-y-4 border-l border-stone-200 pl-5">
          {timeline.map((e) => {
            const shown = facts(e.data, locale, label);
            return (
              <li key={e.id} className="relative" data-testid="timeline-event" data-type={e.type}>
                <span
                  aria-hidden
                  className={`absolute top-1.5 -left-[25px] h-2.5 w-2.5 rounded-full ring-4 ring-white ${TONE[e.type] ?? "bg-stone-400"}`}
                />
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-medium">{t(`event.${e.type}`)}</p>
                  <time dateTime={e.createdAt} className="text-xs whitespace-nowrap text-stone-500">
                    {format.dateTime(new Date(e.createdAt), { dateStyle: "medium", timeStyle: "medium" })}
                  </time>
                </div>
                <p className="text-xs text-stone-600">
                  {t(`actor.${e.actor}`)}
                  {e.actorEmail && <span className="break-all"> · {e.actorEmail}</span>}
                  {e.fromStatus && e.toStatus && (
                    <span>
                      {" "}
                      · {t(`status.${e.fromStatus}`)} → {t(`status.${e.toStatus}`)}
                    </span>
                  )}
                </p>
                {e.note && <p className="mt-1 rounded bg-stone-50 px-2 py-1 text-sm break-words text-stone-800">{e.note}</p>}
                {shown.length > 0 && (
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
                    {shown.map((f) => (
                      <div key={f.key} className="flex gap-1">
                        <dt className="text-stone-500">{t(`timeline.data.${f.key}`)}:</dt>
                        <dd className="font-medium break-all">{f.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </DetailCard>
  );
}
