import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { StaffInviteForm } from "@/components/auth/staff-invite-form";
import { peekStaffInvitation } from "@/lib/services/staff";
import { loadShopName, shellBrand } from "@/lib/services/brand";

/** Opened from a mailed link: no Referer, so the token does not leave with what the page loads. */
export async function generateMetadata(): Promise<Metadata> {
  const [t, shopName] = await Promise.all([getTranslations("adminStaff.accept"), loadShopName()]);
  return { title: t("title", { shopName }), referrer: "no-referrer" };
}

export default async function StaffInvitePage({ searchParams }: MailedLinkPageProps) {
  const token = await mailedLinkToken(searchParams);
  const [invitation, brand] = await Promise.all([token ? peekStaffInvitation(token) : null, shellBrand()]);
  return (
    <AuthShell brand={brand}>
      <StaffInviteForm token={token} invitation={invitation} shopName={brand.shopName} />
    </AuthShell>
  );
}
