import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { listSlotTypes } from "@/lib/services/slots";
import { slotTypeDeletePath } from "@/lib/api-client/slots";
import { DeleteRowHost } from "@/components/ui/list/delete-row-host";
import { SlotTypeBoard } from "@/components/admin/slots/slot-type-board";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("slots"))("typesTitle") };
}

export default async function SlotTypesPage() {
  await requireBackOffice(null);
  const [types, t] = await Promise.all([listSlotTypes(), getTranslations("slots")]);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("typesTitle")}</h1>
        <p className="text-sm text-stone-600">{t("typesIntro")}</p>
      </div>
      <DeleteRowHost
        pathTemplate={slotTypeDeletePath}
        title={t("confirmDeleteType", { name: "{name}" })}
        success={t("typeDeleted", { name: "{name}" })}
      />
      <SlotTypeBoard types={types} />
    </section>
  );
}
