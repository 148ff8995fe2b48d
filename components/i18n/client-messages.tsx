import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { pickMessages, type SegmentMessages } from "@/lib/i18n/client-namespaces";

/** Sends the segment's paths and those above it: a nested provider replaces its parent's messages. */
export async function ClientMessages({ messages: segment, children }: { messages: SegmentMessages; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages as Parameters<typeof pickMessages>[0], segment.all)}>
      {children}
    </NextIntlClientProvider>
  );
}
