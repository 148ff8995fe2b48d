import { AuthShell, mailedLinkMetadata, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { shellBrand } from "@/lib/services/brand";

export const generateMetadata = mailedLinkMetadata("resetPassword");

export default async function ResetPasswordPage({ searchParams }: MailedLinkPageProps) {
  return (
    <AuthShell brand={await shellBrand()}>
      <ResetPasswordForm token={await mailedLinkToken(searchParams)} />
    </AuthShell>
  );
}
