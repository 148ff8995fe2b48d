"use client";

import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy-component";
import { Spinner } from "./payment-status";

function RetryLoading() {
  const t = useTranslations("orders");
  return <Spinner label={t("loading")} />;
}

export const LazyRetryPayment = lazyComponent(() => import("./retry-payment").then((m) => m.RetryPayment), RetryLoading);
