import { AuthShell, mailedLinkMetadata, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const generateMetadata = mailedLinkMetadata("resetPassword");

export default async function ResetPasswordPage({ searchParams }: MailedLinkPageProps) {
  return (
    <AuthShell>
      <ResetPasswordForm token={await mailedLinkToken(searchParams)} />
    </AuthShell>
  );
}
