import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** Sends this segment's client components their messages only (lib/i18n/client-namespaces.ts). */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages segment="confirm-registration">{children}</ClientMessages>;
}
