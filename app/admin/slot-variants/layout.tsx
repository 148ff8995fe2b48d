import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages segment="admin/slot-variants">{children}</ClientMessages>;
}
