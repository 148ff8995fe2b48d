import type { Metadata } from "next";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/errors";
import { idParams } from "@/lib/schemas/common";
import type { Messages } from "@/lib/i18n/messages";
import type { SegmentMessages } from "@/lib/i18n/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export type FormNamespace = {
  [N in keyof Messages]: Messages[N] extends Record<"createTitle" | "editTitle", string> ? N : never;
}[keyof Messages];
type TitleKey = "createTitle" | "editTitle";

interface FramedPage {
  guard: () => Promise<unknown>;
  namespace: FormNamespace;
  /** The folder's messages.ts: the page sends them to the browser, as a segment layout would. */
  messages: SegmentMessages;
}

function frame({ namespace, messages }: FramedPage, titleKey: TitleKey) {
  const title = async () => ((await getTranslations(namespace)) as unknown as (key: TitleKey) => string)(titleKey);
  return {
    generateMetadata: async (): Promise<Metadata> => ({ title: await title() }),
    render: async (form: Promise<ReactNode>) => {
      const [heading, body] = await Promise.all([title(), form]);
      return (
        <ClientMessages messages={messages}>
          <section className="space-y-4">
            <h1 className="text-2xl font-semibold">{heading}</h1>
            {body}
          </section>
        </ClientMessages>
      );
    },
  };
}

export function newEntityPage(
  config: FramedPage & {
    form: () => ReactNode | Promise<ReactNode>;
  },
) {
  const { generateMetadata, render } = frame(config, "createTitle");
  async function Page() {
    await config.guard();
    return render(Promise.resolve(config.form()));
  }
  return { generateMetadata, Page };
}

export function editEntityPage<P extends string, E>(
  config: FramedPage & {
    param: P;
    load: (id: number) => Promise<E>;
    form: (entity: E) => ReactNode;
  },
) {
  const { generateMetadata, render } = frame(config, "editTitle");
  async function Page({ params }: { params: Promise<Record<P, string>> }) {
    await config.guard();
    const parsed = idParams(config.param).safeParse(await params);
    if (!parsed.success) notFound();
    const id = (parsed.data as Record<string, number>)[config.param] ?? 0;
    const entity = config.load(id).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) notFound();
      throw err;
    });
    return render(entity.then(config.form));
  }
  return { generateMetadata, Page };
}
