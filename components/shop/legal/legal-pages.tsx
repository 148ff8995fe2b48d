import type { Seller } from "@/lib/seller";
import { LegalPage, TextBlock, TextBlocks, legalText } from "./legal-document";

const contactFields = (s: Seller) => [s.name, s.street, s.postalCode, s.city, s.country, s.phone, s.email];

export async function Terms({ seller }: { seller: Seller }) {
  const { t, tags } = await legalText(seller);
  return (
    <LegalPage t={t} title={t("terms.title")} testId="legal-terms" fields={contactFields(seller)}>
      <TextBlocks t={t} tags={tags} base="terms.sections" />
    </LegalPage>
  );
}

export async function Privacy({ seller }: { seller: Seller }) {
  const { t, tags } = await legalText(seller);
  return (
    <LegalPage t={t} title={t("privacy.title")} testId="legal-privacy" fields={contactFields(seller)}>
      <TextBlocks t={t} tags={tags} base="privacy.sections" />
    </LegalPage>
  );
}

export async function Withdrawal({ seller }: { seller: Seller }) {
  const { t, tags } = await legalText(seller);
  return (
    <LegalPage t={t} title={t("withdrawal.title")} testId="legal-withdrawal" fields={contactFields(seller)}>
      <TextBlocks t={t} tags={tags} base="withdrawal.sections" />
      <p className="font-semibold">{t("withdrawal.end")}</p>
      <div className="rounded-md border border-stone-300 bg-stone-50 p-4" data-testid="withdrawal-form">
        <TextBlock t={t} tags={tags} base="withdrawal.form" />
      </div>
    </LegalPage>
  );
}
