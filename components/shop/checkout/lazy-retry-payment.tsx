"use client";

import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy-component";
import { Spinner } from "./payment-status";

function RetryLoading() {
  const t = useTranslations("orders");
  return <Spinner label={t("loading")} />;
}

/**
 * /checkout?orderId=… (paying an unpaid order again) in a chunk of its own: the checkout of a cart,
 * which nearly every visit to /checkout is, does not download the retry screen's code (order lines,
 * addresses, colour names). The server renders the spinner the retry screen shows while its order
 * loads, which it fetches in the browser anyway.
 */
export const LazyRetryPayment = lazyComponent(() => import("./retry-payment").then((m) => m.RetryPayment), RetryLoading);
