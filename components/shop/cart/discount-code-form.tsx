"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { cartMutations } from "@/lib/api-client/cart";
import type { CartSummaryDto } from "@/lib/schemas/cart";
import { useEuro } from "./use-euro";

/** Enter, apply and remove a discount code; a code on the cart that does not apply shows why. */
export function DiscountCodeForm({
  summary,
  disabled = false,
  collapsed = false,
}: {
  summary: CartSummaryDto;
  disabled?: boolean;
  /** At checkout the form opens on request: the page stays short enough to arrive in one piece. */
  collapsed?: boolean;
}) {
  const t = useTranslations("cart.discount");
  const reasons = useTranslations("errors.discount");
  const tv = useTranslations("validation");
  const euro = useEuro();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(!collapsed);
  const apply = useMutation(cartMutations.applyDiscount(queryClient));
  const remove = useMutation(cartMutations.removeDiscount(queryClient));
  const busy = disabled || apply.isPending || remove.isPending;
  const current = summary.discount;

  function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!code.trim()) return setError(tv("discountCodeRequired"));
    setError(null);
    apply.mutate(code.trim(), {
      onSuccess: () => {
        setCode("");
        toast.success(t("appliedToast"));
      },
      onError: (err) => setError(err.message),
    });
  }

  if (current) {
    const reason = current.reason ? reasons(current.reason, { minimum: euro(current.minOrderCents) }) : null;
    return (
      <div className="space-y-1 text-sm" data-testid="discount-code">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={current.applied ? "font-medium text-emerald-800" : "font-medium text-amber-900"}>
            {current.applied ? t("applied", { code: current.code }) : t("notApplied", { code: current.code, reason: reason ?? "" })}
          </p>
          <button
            type="button"
            className="text-sm text-brand-700 underline disabled:opacity-50"
            disabled={busy}
            aria-label={t("removeLabel", { code: current.code })}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(t("removedToast")) })}
          >
            {t("remove")}
          </button>
        </div>
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className="text-sm text-brand-700 underline" onClick={() => setOpen(true)} data-testid="discount-code-open">
        {t("open")}
      </button>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" data-testid="discount-code-form">
      <label htmlFor={id} className="label">
        {t("label")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="discountCode"
          className="input min-w-0 flex-1 uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          disabled={busy}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(ev) => setCode(ev.target.value)}
        />
        <button type="submit" className="btn-secondary shrink-0" disabled={busy}>
          {apply.isPending ? t("applying") : t("apply")}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
