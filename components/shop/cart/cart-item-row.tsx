"use client";

import { useTranslations } from "next-intl";
import type { CartItemDto } from "@/lib/schemas/cart";
import { thumbnailUrl as sized } from "@/lib/thumbnail-url";
import { ColourSwatch } from "./colour-swatch";
import { QuantityStepper } from "./quantity-stepper";
import { useEuro } from "./use-euro";

export function CartItemRow(props: {
  item: CartItemDto;
  /** The first line: its preview is the page's largest contentful paint, so it loads at once and first. */
  first?: boolean;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { item } = props;
  const t = useTranslations("cart");
  const euro = useEuro();
  const label = `${item.mug.name} – ${item.variant.name}`;
  // The design on the mug once its mockup is made; the flat design until then.
  const preview = item.mockups.front ?? item.image.url;
  const showEarlier = item.priceChanged && item.earlierUnitPriceCents !== null && item.earlierUnitPriceCents !== item.unitPriceCents;

  return (
    <li
      className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 sm:flex sm:items-center"
      data-testid="cart-item"
      data-item-id={item.id}
      data-price-changed={item.priceChanged}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- private design previews come from our own API (owner-only, no optimiser) */}
      <img
        src={sized(preview, 96)}
        srcSet={`${sized(preview, 96)} 1x, ${sized(preview, 192)} 2x`}
        data-testid="cart-item-preview"
        data-mockup={item.mockups.front !== null}
        alt={t("previewAlt", { mug: item.mug.name })}
        width={96}
        height={96}
        loading={props.first ? "eager" : "lazy"}
        fetchPriority={props.first ? "high" : "auto"}
        className="h-18 w-18 shrink-0 rounded-md border border-stone-200 bg-stone-100 object-cover sm:h-24 sm:w-24"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold break-words" data-testid="cart-item-name">
          {item.mug.name}
        </p>
        <p className="flex items-center gap-2 text-sm text-stone-600" data-testid="cart-item-variant">
          <ColourSwatch outside={item.variant.outsideColorCode} inside={item.variant.insideColorCode} />
          {t("colour", { name: item.variant.name })}
        </p>
        {item.prompt && <p className="text-sm break-words text-stone-600">{t("style", { title: item.prompt.title })}</p>}
        <p className="text-sm" data-testid="cart-item-price">
          <span className="sr-only">{t("unitPrice")}: </span>
          {showEarlier && item.earlierUnitPriceCents !== null && (
            <>
              <s className="mr-2 text-stone-600" data-testid="cart-item-earlier-price">
                <span className="sr-only">{t("earlierPrice")} </span>
                {euro(item.earlierUnitPriceCents)}
              </s>
            </>
          )}
          <span className={showEarlier ? "font-semibold text-amber-800" : undefined}>
            {t("each", { price: euro(item.unitPriceCents) })}
          </span>
        </p>
        <button
          type="button"
          className="-ml-1 rounded px-1 py-0.5 text-sm text-stone-700 underline underline-offset-2 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={props.busy}
          onClick={props.onRemove}
          aria-label={t("removeLabel", { item: label })}
          data-testid="cart-item-remove"
        >
          {t("remove")}
        </button>
      </div>
      <div className="col-span-2 flex items-center justify-between gap-4 sm:justify-end sm:gap-6">
        <QuantityStepper value={item.quantity} itemLabel={label} disabled={props.busy} onChange={props.onQuantity} />
        <p className="text-right font-semibold sm:w-24" data-testid="cart-item-total">
          <span className="sr-only">{t("lineTotal")}: </span>
          {euro(item.lineTotalCents)}
        </p>
      </div>
    </li>
  );
}
