"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { vatApi } from "@/lib/api-client/vat";
import type { VatRateDto } from "@/lib/schemas/vat";

export function ChooseDefaultVat({ rates }: { rates: VatRateDto[] }) {
  const t = useTranslations("vat");
  const tc = useTranslations("common");
  const router = useRouter();
  const [selected, setSelected] = useState<number>(rates[0]?.id ?? 0);
  const mutation = useMutation({
    mutationFn: () => vatApi.setDefault(selected),
    onSuccess: () => {
      toast.success(t("defaultChanged"));
      router.refresh();
    },
  });
  return (
    <div
      role="alert"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="choose-default-vat"
    >
      <p className="w-full text-sm text-amber-900">{t("noDefault")}</p>
      <label className="text-sm">
        <span className="label">{t("chooseNewDefault")}</span>
        <select className="input" value={selected} onChange={(e) => setSelected(Number(e.target.value))}>
          {rates.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({t("percentValue", { percent: r.percent })})
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn-primary" onClick={() => mutation.mutate()} disabled={mutation.isPending || !selected}>
        {tc("save")}
      </button>
    </div>
  );
}
