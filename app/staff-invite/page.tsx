import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { StaffInviteForm } from "@/components/auth/staff-invite-form";
import { peekStaffInvitation } from "@/lib/services/staff";

/** Opened from a mailed link: no Referer, so the token does not leave with what the page loads. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminStaff.accept");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function StaffInvitePage({ searchParams }: MailedLinkPageProps) {
  const token = await mailedLinkToken(searchParams);
  const invitation = token ? await peekStaffInvitation(token) : null;
  return (
    <AuthShell>
      <StaffInviteForm token={token} invitation={invitation} />
    </AuthShell>
  );
}
