import { AuthShell, mailedLinkMetadata, mailedLinkToken, type MailedLinkPageProps } from "@/components/auth/auth-shell";
import { MailedLinkForm } from "@/components/auth/mailed-link-form";

export const generateMetadata = mailedLinkMetadata("signInLink");

export default async function SignInLinkPage({ searchParams }: MailedLinkPageProps) {
  return (
    <AuthShell>
      <MailedLinkForm kind="signInLink" token={await mailedLinkToken(searchParams)} />
    </AuthShell>
  );
}
