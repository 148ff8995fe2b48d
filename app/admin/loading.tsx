import { getTranslations } from "next-intl/server";
import { LoadingScreen } from "@/components/ui/loading-screen";

export default async function Loading() {
  const t = await getTranslations("loadingScreen");
  return <LoadingScreen label={t("label")} />;
}
