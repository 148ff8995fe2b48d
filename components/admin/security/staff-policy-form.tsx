"use client";

import { useTranslations } from "next-intl";
import { twoFactorApi } from "@/lib/api-client/two-factor";
import { SettingSwitch } from "@/components/ui/form/setting-switch";

/** The owner's switch: staff without two-factor sign-in can then only enroll. */
export function StaffPolicyForm({ requireTwoFactorForStaff }: { requireTwoFactorForStaff: boolean }) {
  const t = useTranslations("twoFactor");
  return (
    <SettingSwitch
      title={t("policyTitle")}
      label={t("policyLabel")}
      checked={requireTwoFactorForStaff}
      save={async (next) => (await twoFactorApi.setPolicy(next)).requireTwoFactorForStaff}
      savedMessage={t("policySaved")}
      errorMessage={t("error")}
      testId="two-factor-staff-policy"
    />
  );
}
