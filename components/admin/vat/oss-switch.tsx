"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { vatApi } from "@/lib/api-client/vat";
import { toast } from "@/components/ui/toast";

/** Saved on change, as the staff two-factor switch is: one setting needs no form. */
export function OssSwitch({ ossEnabled }: { ossEnabled: boolean }) {
  const t = useTranslations("vat");
  const [checked, setChecked] = useState(ossEnabled);
  const [pending, setPending] = useState(false);

  async function save(next: boolean) {
    setPending(true);
    try {
      setChecked((await vatApi.setTaxSettings({ ossEnabled: next })).ossEnabled);
      toast.success(t("ossSaved"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("ossError"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="card mt-4 max-w-2xl space-y-2" data-testid="oss-settings">
      <h2 className="text-lg font-semibold">{t("ossTitle")}</h2>
      <p className="text-sm text-stone-700">{t("ossIntro")}</p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={checked}
          disabled={pending}
          onChange={(e) => void save(e.target.checked)}
          data-testid="oss-enabled"
        />
        <span>{t("ossLabel")}</span>
      </label>
    </div>
  );
}
