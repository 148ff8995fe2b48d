import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import messages from "./messages";
import { requireBackOffice } from "@/lib/auth/guard";
import { RoleGuard } from "@/components/auth/role-guard";
import { AdminHeader } from "@/components/admin/admin-header";
import { AdminNav } from "@/components/admin/admin-nav";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Each page checks its own permission; the layout lets in every back-office account.
  const session = await requireBackOffice("orders");
  return (
    <ClientMessages messages={messages}>
      <RoleGuard roles={["admin", "staff"]}>
        <div className="min-h-screen">
          <AdminHeader email={session.user.email} />
          <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 md:flex-row md:gap-6 md:py-6">
            <aside className="md:w-56 md:shrink-0">
              <AdminNav roles={session.roles} />
            </aside>
            <main className="min-w-0 flex-1">{children}</main>
          </div>
        </div>
      </RoleGuard>
    </ClientMessages>
  );
}
