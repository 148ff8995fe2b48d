"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { cartMutations } from "@/lib/api-client/cart";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CartItemRow } from "./cart-item-row";
import { DiscountCodeForm } from "./discount-code-form";
import { PriceChangedNotice } from "./price-changed-notice";
import { Totals } from "./totals";
import { invalidateCart, useRefreshedCart } from "./use-refreshed-cart";
import { EmptyState, LoadFailed, LoadingNote } from "@/components/ui/query-state";

/** `serverRendered`: the page hydrated the refreshed cart into the query cache, so nothing is fetched on arrival. */
export function CartView({ serverRendered = false }: { serverRendered?: boolean }) {
  const t = useTranslations("cart");
  const tc = useTranslations("common");
  const queryClient = useQueryClient();
  const { cart } = useRefreshedCart(serverRendered);
  const [confirmingClear, setConfirmingClear] = useState(false);

  const update = useMutation(cartMutations.update(queryClient));
  const remove = useMutation(cartMutations.remove(queryClient));
  const clear = useMutation(cartMutations.clear(queryClient));
  // After a refused change (e.g. a line removed in another tab) show the server's state again.
  const resync = () => void invalidateCart(queryClient);
  const busy = update.isPending || remove.isPending || clear.isPending;

  if (cart.isPending) return <LoadingNote label={t("loading")} testId="cart-loading" />;
  if (cart.isError) return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void cart.refetch()} />;
  const { items, summary } = cart.data;
  if (items.length === 0) {
    return (
      <EmptyState message={t("empty")} testId="cart-empty">
        <Link href="/" className="btn-primary">
          {t("emptyAction")}
        </Link>
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        {summary.hasPriceChanges && <PriceChangedNotice />}
        <section className="card px-4 py-2 sm:px-6" aria-labelledby="cart-items-heading">
          <h2 id="cart-items-heading" className="sr-only">
            {t("itemsHeading")}
          </h2>
          <ul className="divide-y divide-stone-200" data-testid="cart-items" aria-busy={busy || cart.isFetching}>
            {items.map((item, index) => (
              <CartItemRow
                key={item.id}
                item={item}
                first={index === 0}
                busy={busy}
                onQuantity={(quantity) => update.mutate({ itemId: item.id, quantity }, { onError: resync })}
                onRemove={() => remove.mutate(item.id, { onSuccess: () => toast.success(t("removed")), onError: resync })}
              />
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap justify-between gap-2">
          <Link href="/" className="btn-secondary">
            {t("continueShopping")}
          </Link>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirmingClear(true)}>
            {t("clear")}
          </button>
        </div>
      </div>
      <aside className="card h-fit space-y-4 p-4 sm:p-6" aria-labelledby="cart-summary-heading" data-testid="cart-summary">
        <h2 id="cart-summary-heading" className="text-lg font-semibold">
          {t("summaryTitle")}
        </h2>
        <p className="text-sm text-stone-600">{t("itemCount", { count: summary.itemCount })}</p>
        <DiscountCodeForm summary={summary} disabled={busy} />
        <Totals values={{ ...summary, discountCode: summary.discount?.code }} />
        <p className="text-xs text-stone-600">{t("vatIncluded")}</p>
        <Link href="/checkout" className="btn-primary w-full" aria-disabled={busy} data-testid="checkout-link">
          {t("checkout")}
        </Link>
      </aside>
      <ConfirmDialog
        open={confirmingClear}
        title={t("confirmClearTitle")}
        confirmLabel={t("clear")}
        cancelLabel={tc("cancel")}
        danger
        busy={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => toast.success(t("cleared")),
            onSettled: () => setConfirmingClear(false),
          })
        }
        onCancel={() => setConfirmingClear(false)}
      >
        <p className="text-sm text-stone-600">{t("confirmClearText")}</p>
      </ConfirmDialog>
    </div>
  );
}
