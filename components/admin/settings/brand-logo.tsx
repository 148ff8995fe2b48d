"use client";

import { useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { brandApi } from "@/lib/api-client/brand";
import type { BrandDto } from "@/lib/schemas/brand";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";

/** Uploads at once: the server checks the bytes and answers the stored PNG, which the preview then shows. */
export function BrandLogo({ brand, maxMb, onChange }: { brand: BrandDto; maxMb: number; onChange: (brand: BrandDto) => void }) {
  const t = useTranslations("brand");
  const input = useRef<HTMLInputElement | null>(null);
  const hintId = useId();
  const upload = useAdminMutation({ mutationFn: (file: File) => brandApi.uploadLogo(file), success: t("logoSaved"), onSuccess: onChange });
  const remove = useAdminMutation({
    kind: "delete",
    mutationFn: () => brandApi.deleteLogo(),
    success: t("logoRemoved"),
    onSuccess: onChange,
  });
  const busy = upload.isPending || remove.isPending;

  return (
    <section className="card space-y-3" data-testid="brand-logo">
      <h2 className="text-base font-semibold text-stone-800">{t("logo")}</h2>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-40 items-center justify-center rounded-md border border-dashed border-stone-300 bg-stone-50 p-2">
          {brand.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the stored logo, a small PNG
            <img src={brand.logoUrl} alt={t("logoAlt", { shopName: brand.shopName })} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-center text-xs text-stone-500">{t("noLogo")}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/webp,image/svg+xml"
            className="sr-only"
            tabIndex={-1}
            aria-describedby={hintId}
            data-testid="brand-logo-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) upload.mutate(file);
            }}
          />
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => input.current?.click()}>
            {upload.isPending ? t("uploading") : t("uploadLogo")}
          </button>
          {brand.logoUrl && (
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => remove.mutate()}>
              {t("removeLogo")}
            </button>
          )}
        </div>
      </div>
      <p id={hintId} className="text-sm text-stone-600">
        {t("logoHint", { maxMb })}
      </p>
    </section>
  );
}
