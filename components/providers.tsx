"use client";

import { useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast, Toaster } from "@/components/ui/toast";
import { makeQueryClient } from "@/lib/api-client/query-client";
import { setApiClientTranslator } from "@/lib/api-client/fetcher";
import { sessionQuery } from "@/lib/api-client/session";
import type { SessionResponse } from "@/lib/schemas/auth";
import { LocaleSync } from "./locale-sync";

export function Providers({ children, session }: { children: ReactNode; session: SessionResponse }) {
  const t = useTranslations("apiClient");
  useEffect(() => {
    setApiClientTranslator((key, values) => t(key, values));
  }, [t]);

  const [queryClient] = useState(() => {
    const client = makeQueryClient({
      queryFailed: (message) => toast.error(message),
      mutationFailed: (message) => toast.error(message),
    });
    client.setQueryData(sessionQuery.queryKey, session);
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <LocaleSync />
      {children}
      <Toaster
        position="top-center"
        visibleToasts={3}
        duration={4000}
        gap={14}
        closeButton
        richColors
        toastOptions={{ style: { width: 356 } }}
      />
    </QueryClientProvider>
  );
}
