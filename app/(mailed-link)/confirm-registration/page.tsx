import { AuthShell, mailedLinkMetadata, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { MailedLinkForm } from "@/components/auth/mailed-link-form";
import { shellBrand } from "@/lib/services/brand";

export const generateMetadata = mailedLinkMetadata("confirmRegistration");

export default async function ConfirmRegistrationPage({ searchParams }: MailedLinkPageProps) {
  return (
    <AuthShell brand={await shellBrand()}>
      <MailedLinkForm kind="confirmRegistration" token={await mailedLinkToken(searchParams)} />
    </AuthShell>
  );
}
