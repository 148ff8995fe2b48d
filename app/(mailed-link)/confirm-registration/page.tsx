import { AuthShell, mailedLinkMetadata, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { MailedLinkForm } from "@/components/auth/mailed-link-form";

export const generateMetadata = mailedLinkMetadata("confirmRegistration");

export default async function ConfirmRegistrationPage({ searchParams }: MailedLinkPageProps) {
  return (
    <AuthShell>
      <MailedLinkForm kind="confirmRegistration" token={await mailedLinkToken(searchParams)} />
    </AuthShell>
  );
}
