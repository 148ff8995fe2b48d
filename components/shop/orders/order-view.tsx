"use client";

import type { ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { OrderDto } from "@/lib/schemas/orders";
import { Totals } from "@/components/shop/cart/totals";
import { CancelOrderButton } from "./cancel-order";
import { OrderBadges } from "./order-badges";
import { OrderDetails, OrderItems } from "./order-details";
import { hasDocuments, OrderDocuments, type OrderDocumentLinks } from "./order-documents";
import { OrderFulfilment } from "./order-fulfilment";
import { usePdfDownload } from "./use-pdf-download";

export interface OrderViewProps<T> {
  /** A guest order is an OrderDto with a few flags more; the view needs only the common fields. */
  order: OrderDto;
  /** "page": the order is the page (h1, addresses); "listItem": one card of My orders (li, h2). */
  layout: "page" | "listItem";
  testId: string;
  links: OrderDocumentLinks;
  /** Called after the shopper confirmed; the view toasts the success itself. */
  cancel: () => Promise<T>;
  onCancelled?: (result: T) => void;
  onCancelFailed?: (err: Error) => void;
  onCancelSettled?: () => Promise<unknown>;
  /** Above the order number. */
  eyebrow?: ReactNode;
  /** Below the order date. */
  intro?: ReactNode;
  /** Before the document buttons ("pay now"). */
  actions?: ReactNode;
  /** After the order (the guest page's notices and forms). */
  children?: ReactNode;
}

/** One order as its shopper sees it: the guest link's page and each card of My orders. */
export function OrderView<T>(props: OrderViewProps<T>) {
  const { order, links } = props;
  const t = useTranslations("orders");
  const format = useFormatter();
  const pdf = usePdfDownload();
  const page = props.layout === "page";
  const Heading = page ? "h1" : "h2";
  const date = format.dateTime(new Date(order.createdAt), { dateStyle: "medium", timeStyle: "short" });
  const root = {
    "data-testid": props.testId,
    "data-order-id": order.id,
    "data-order-number": order.orderNumber,
    "data-status": order.status,
  };

  const header = (
    <div className={page ? "space-y-1" : undefined}>
      {props.eyebrow}
      <Heading className={page ? "text-2xl font-semibold break-words" : "text-lg font-semibold"} data-testid="order-number">
        {t("orderNumber", { number: order.orderNumber })}
      </Heading>
      <p className="text-sm text-stone-600">
        <time dateTime={order.createdAt}>{t("placedOn", { date })}</time>
      </p>
      {props.intro}
    </div>
  );

  const actions = (Boolean(props.actions) || order.cancellable || hasDocuments(order, links)) && (
    <div className={page ? "flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4" : "flex flex-wrap justify-end gap-2"}>
      {props.actions}
      <OrderDocuments order={order} links={links} downloading={pdf.downloading} onDownload={(d) => void pdf.download(d)} />
      {order.cancellable && (
        <CancelOrderButton
          order={order}
          cancel={props.cancel}
          onCancelled={(result) => {
            props.onCancelled?.(result);
            toast.success(t("cancelled", { number: order.orderNumber }));
          }}
          onFailed={props.onCancelFailed}
          onSettled={props.onCancelSettled}
          testId="cancel-order"
        />
      )}
    </div>
  );

  if (page) {
    return (
      <div className="mx-auto max-w-3xl space-y-6" {...root}>
        {header}
        <section className="card space-y-4" aria-label={t("detailsTitle")}>
          <OrderBadges order={order} />
          <OrderFulfilment order={order} />
          <OrderDetails order={order} />
          {actions}
        </section>
        {props.children}
      </div>
    );
  }
  return (
    <li className="card space-y-4" {...root}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {header}
        <OrderBadges order={order} />
      </div>
      <OrderFulfilment order={order} />
      <OrderItems order={order} />
      <div className="sm:ml-auto sm:max-w-xs">
        <Totals values={order} />
      </div>
      {actions}
      {props.children}
    </li>
  );
}
