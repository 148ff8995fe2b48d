import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { Seller, SellerField } from "@/lib/seller";
import { legalTags, sellerVariable, type RichTags } from "./seller-tags";

type LegalT = Awaited<ReturnType<typeof getTranslations<"legal">>>;
type LegalKey = Parameters<LegalT["rich"]>[0];

export async function legalText(seller: Seller): Promise<{ t: LegalT; tags: RichTags }> {
  const t = await getTranslations("legal");
  const tags = legalTags(seller, { notSet: (variable) => t("notSet", { variable }), phone: t("phone"), email: t("email") });
  return { t, tags };
}

export function TextBlock({ t, tags, base, heading = "h2" }: { t: LegalT; tags: RichTags; base: string; heading?: "h2" | "h3" }) {
  const raw = t.raw(base as LegalKey) as Record<string, string>;
  const rich = (key: string) => t.rich(`${base}.${key}` as LegalKey, tags);
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length === 0) return;
    blocks.push(
      <ul key={`ul-${list[0]}`} className="list-disc space-y-1 pl-6">
        {list.map((key) => (
          <li key={key}>{rich(key)}</li>
        ))}
      </ul>,
    );
    list = [];
  };
  for (const key of Object.keys(raw)) {
    if (key === "title") continue;
    if (key.startsWith("l")) {
      list.push(key);
      continue;
    }
    flush();
    blocks.push(<p key={key}>{rich(key)}</p>);
  }
  flush();
  const Heading = heading;
  return (
    <section className="space-y-2" data-testid={`legal-${base.split(".").pop()}`}>
      {"title" in raw && <Heading className={heading === "h2" ? "text-lg font-semibold" : "font-semibold"}>{rich("title")}</Heading>}
      {blocks}
    </section>
  );
}

export function TextBlocks({ t, tags, base }: { t: LegalT; tags: RichTags; base: string }) {
  const raw = t.raw(base as LegalKey) as Record<string, unknown>;
  return (
    <>
      {Object.keys(raw).map((key) => (
        <TextBlock key={key} t={t} tags={tags} base={`${base}.${key}`} />
      ))}
    </>
  );
}

export function LegalPage(props: { t: LegalT; title: string; fields: SellerField[]; testId: string; children: ReactNode }) {
  const missing = [...new Set(props.fields.filter((f) => f.missing).map(sellerVariable))];
  return (
    <article className="mx-auto max-w-3xl space-y-6 text-stone-800" data-testid={props.testId}>
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      {missing.length > 0 && (
        <div
          role="note"
          className="rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="seller-missing-notice"
        >
          <p className="font-semibold">{props.t("missingTitle")}</p>
          <p>{props.t("missingText", { variables: missing.join(", ") })}</p>
        </div>
      )}
      <div className="card space-y-6 leading-relaxed">{props.children}</div>
    </article>
  );
}
