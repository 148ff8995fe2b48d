"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { isCartQuantity, MAX_QUANTITY } from "@/lib/schemas/cart-quantity";

/** Typed values are committed on Enter or blur, and only whole numbers in range; anything else is refused and reverted. */
export function QuantityStepper(props: { value: number; itemLabel: string; disabled?: boolean; onChange: (quantity: number) => void }) {
  const t = useTranslations();
  const id = useId();
  const [draft, setDraft] = useState(String(props.value));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    setShown(props.value);
    setDraft(String(props.value));
  }

  function commit(raw: string) {
    const trimmed = raw.trim();
    // Unchanged (e.g. blur after a refused value was reverted): nothing to do, the message stays.
    if (trimmed === String(props.value)) return;
    const quantity = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    if (!isCartQuantity(quantity)) {
      setError(t("validation.quantityInvalid"));
      setDraft(String(props.value));
      return;
    }
    setError(null);
    if (quantity !== props.value) props.onChange(quantity);
  }

  const step = (delta: number) => {
    const next = props.value + delta;
    if (next < 1 || next > MAX_QUANTITY) return;
    setError(null);
    props.onChange(next);
  };

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t("cart.quantityFor", { item: props.itemLabel })}
      </label>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn-secondary h-9 w-9 px-0"
          aria-label={t("cart.decrease", { item: props.itemLabel })}
          disabled={props.disabled || props.value <= 1}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="input h-9 w-16 text-center"
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft}
          disabled={props.disabled}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="quantity-input"
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit(e.currentTarget.value);
            }
          }}
        />
        <button
          type="button"
          className="btn-secondary h-9 w-9 px-0"
          aria-label={t("cart.increase", { item: props.itemLabel })}
          disabled={props.disabled || props.value >= MAX_QUANTITY}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="quantity-error">
          {error}
        </p>
      )}
    </div>
  );
}
