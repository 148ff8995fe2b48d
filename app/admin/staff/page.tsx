import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { listStaff } from "@/lib/services/staff";
import { ListPage } from "@/components/ui/list/list-page";
import { InviteStaffForm } from "@/components/admin/staff/invite-staff-form";
import { StaffRowActions } from "@/components/admin/staff/staff-row-actions";
import { StaffTable } from "@/components/admin/staff/staff-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminStaff"))("title") };
}

export default async function StaffPage() {
  await requireBackOffice(null);
  const [t, rows] = await Promise.all([getTranslations("adminStaff"), listStaff()]);
  return (
    <div className="space-y-6">
      <ListPage
        title={t("title")}
        intro={t("intro")}
        basePath="/admin/staff"
        testIdPrefix="staff"
        count={rows.length}
        empty={<p className="card text-stone-600">{t("empty")}</p>}
        table={<StaffTable rows={rows} />}
      >
        <StaffRowActions />
      </ListPage>
      <InviteStaffForm />
    </div>
  );
}
