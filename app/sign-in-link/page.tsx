import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { MailedLinkForm } from "@/components/auth/mailed-link-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("signInLink");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function SignInLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const value = typeof token === "string" && token.trim() ? token.trim() : null;
  return (
    <AuthShell>
      <MailedLinkForm kind="signInLink" token={value} />
    </AuthShell>
  );
}
