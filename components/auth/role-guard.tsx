"use client";

import { useEffect, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { sessionQuery } from "@/lib/api-client/session";
import type { SessionResponse } from "@/lib/schemas/auth";

type Role = SessionResponse["roles"][number];

export function RoleGuard({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const t = useTranslations("guard");
  const router = useRouter();
  const { data, isPending } = useQuery(sessionQuery);
  const allowed = !!data?.authenticated && roles.some((r) => data.roles.includes(r));

  useEffect(() => {
    if (isPending || allowed) return;
    if (!data?.authenticated) {
      const from = window.location.pathname + window.location.search;
      router.replace(`/login?callbackUrl=${encodeURIComponent(from)}`);
    } else router.replace("/");
  }, [isPending, allowed, data, router]);

  if (!allowed) {
    return (
      <p role="status" className="p-8 text-center text-stone-600">
        {t("loading")}
      </p>
    );
  }
  return <>{children}</>;
}
