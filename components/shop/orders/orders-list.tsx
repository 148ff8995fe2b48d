"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { orderQueries } from "@/lib/api-client/orders";
import { OrderCard } from "./order-card";
import { EmptyState, LoadFailed, LoadingNote } from "@/components/ui/query-state";

export function OrdersList() {
  const t = useTranslations("orders");
  const orders = useQuery(orderQueries.list());

  if (orders.isPending) return <LoadingNote label={t("loading")} testId="orders-loading" />;
  if (orders.isError) return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <EmptyState message={t("empty")} testId="orders-empty">
        <Link href="/" className="btn-primary">
          {t("emptyAction")}
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4" data-testid="orders-list" aria-busy={orders.isFetching}>
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
