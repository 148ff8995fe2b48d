"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { paymentQueries } from "@/lib/api-client/orders";
import { HttpError } from "@/lib/api-client/fetcher";
import type { PaymentMethod } from "./payment-method";
import { SandboxCardForm, TEST_CARDS } from "./sandbox-card-form";
import { Spinner } from "./payment-status";
import { lazyComponent } from "@/components/ui/lazy-component";

function StripeLoading() {
  const t = useTranslations("payment");
  return <Spinner label={t("formLoading")} />;
}

// Stripe.js and its React bindings load only when the checkout needs them.
const StripePaymentElement = lazyComponent(() => import("./stripe-payment-element").then((m) => m.StripePaymentElement), StripeLoading);

export function PaymentPanel(props: {
  amountCents: number;
  disabled?: boolean;
  onMethod: (method: PaymentMethod | null) => void;
  onUnavailable: (message: string) => void;
}) {
  const t = useTranslations("payment");
  // Its failure is shown here (provider key missing / configuration failed), not as a toast.
  const config = useQuery({ ...paymentQueries.config(), meta: { silent: true } });

  let body: ReactNode;
  if (config.isPending) {
    body = <Spinner label={t("preparing")} />;
  } else if (config.isError || (config.data.provider === "stripe" && !config.data.publishableKey)) {
    const keyMissing = config.isError ? config.error instanceof HttpError && config.error.status === 503 : true;
    body = (
      <div
        role="alert"
        className="space-y-2 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800"
        data-testid="payment-config-error"
      >
        <p>{keyMissing ? t("keyMissing") : t("configFailed")}</p>
        {config.isError && !keyMissing && (
          <button type="button" className="btn-secondary" onClick={() => void config.refetch()}>
            {t("reload")}
          </button>
        )}
      </div>
    );
  } else if (config.data.provider === "sandbox") {
    body = <SandboxCardForm onMethod={props.onMethod} disabled={props.disabled} />;
  } else {
    body = (
      <div className="space-y-4">
        {config.data.testMode && (
          <p className="rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-900" data-testid="test-mode-notice">
            {t("stripeTestMode", { card: TEST_CARDS.success })}
          </p>
        )}
        <StripePaymentElement
          publishableKey={config.data.publishableKey ?? ""}
          amountCents={props.amountCents}
          onMethod={props.onMethod}
          onLoadError={() => props.onUnavailable(t("couldNotPrepare"))}
        />
      </div>
    );
  }

  return (
    <section className="card space-y-4" aria-labelledby="payment-heading" data-testid="payment-section">
      <h2 id="payment-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {body}
    </section>
  );
}
