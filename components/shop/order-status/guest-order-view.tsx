"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { guestInvoiceUrl, guestOrdersApi } from "@/lib/api-client/guest-orders";
import type { GuestOrderDto } from "@/lib/schemas/guest-orders";
import { OrderView } from "@/components/shop/orders/order-view";
import { SetPasswordForm } from "./set-password-form";

function SignInNotice({ text, testId }: { text: string; testId: string }) {
  const t = useTranslations("orderStatus");
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3" data-testid={testId}>
      <p className="text-sm text-stone-700">{text}</p>
      <Link href="/login?callbackUrl=%2Forders" className="btn-secondary">
        {t("signIn")}
      </Link>
    </section>
  );
}

/** The order behind a mailed link: the token is the access to its documents, cancel and "set a password". */
export function GuestOrderView({ token, initial }: { token: string; initial: GuestOrderDto }) {
  const t = useTranslations("orderStatus");
  const [order, setOrder] = useState(initial);

  return (
    <OrderView
      order={order}
      layout="page"
      testId="guest-order"
      links={{ invoice: (noteId) => guestInvoiceUrl(token, noteId) }}
      cancel={() => guestOrdersApi.cancel(token)}
      onCancelled={setOrder}
      onCancelFailed={(err) => toast.error(err.message)}
      eyebrow={<p className="text-sm font-medium text-stone-600">{t("title")}</p>}
      intro={<p className="text-sm text-stone-600">{t("intro")}</p>}
    >
      {order.actionsExpired && <SignInNotice testId="actions-expired" text={t("actionsExpired")} />}
      {order.canSetPassword && (
        <SetPasswordForm email={order.email} submit={(password) => guestOrdersApi.setPassword(token, { password })} />
      )}
      {order.accountExists && <SignInNotice testId="account-exists" text={t("accountExists", { email: order.email })} />}
    </OrderView>
  );
}
