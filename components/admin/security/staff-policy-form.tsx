"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { twoFactorApi } from "@/lib/api-client/two-factor";
import { toast } from "@/components/ui/toast";

/** The owner's switch: staff without two-factor sign-in can then only enroll. Saved on change. */
export function StaffPolicyForm({ requireTwoFactorForStaff }: { requireTwoFactorForStaff: boolean }) {
  const t = useTranslations("twoFactor");
  const [checked, setChecked] = useState(requireTwoFactorForStaff);
  const [pending, setPending] = useState(false);

  async function save(next: boolean) {
    setPending(true);
    try {
      setChecked((await twoFactorApi.setPolicy(next)).requireTwoFactorForStaff);
      toast.success(t("policySaved"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("error"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="card space-y-2">
      <h2 className="text-lg font-semibold">{t("policyTitle")}</h2>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={checked}
          disabled={pending}
          onChange={(e) => void save(e.target.checked)}
          data-testid="two-factor-staff-policy"
        />
        <span>{t("policyLabel")}</span>
      </label>
    </div>
  );
}
