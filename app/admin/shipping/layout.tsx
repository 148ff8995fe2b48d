import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import messages from "./messages";

export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages messages={messages}>{children}</ClientMessages>;
}
