import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { namespacesFor, pickMessages, type ClientSegment } from "@/lib/i18n/client-namespaces";

/** A nested provider replaces its parent's messages, so this one carries the root's and every enclosing segment's too. */
export async function ClientMessages({ segment, children }: { segment: ClientSegment; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages as Parameters<typeof pickMessages>[0], namespacesFor(segment))}>
      {children}
    </NextIntlClientProvider>
  );
}
