"use client";

import { useTranslations } from "next-intl";
import { vatApi } from "@/lib/api-client/vat";
import { SettingSwitch } from "@/components/ui/form/setting-switch";

export function OssSwitch({ ossEnabled }: { ossEnabled: boolean }) {
  const t = useTranslations("vat");
  return (
    <SettingSwitch
      className="max-w-2xl"
      title={t("ossTitle")}
      intro={t("ossIntro")}
      label={t("ossLabel")}
      checked={ossEnabled}
      save={async (next) => (await vatApi.setTaxSettings({ ossEnabled: next })).ossEnabled}
      savedMessage={t("ossSaved")}
      errorMessage={t("ossError")}
      testId="oss-enabled"
    />
  );
}
