import type { Metadata } from "next";
import type { ComponentType } from "react";
import type { z } from "zod";
import { getTranslations } from "next-intl/server";
import type { Messages } from "@/lib/i18n/messages";
import type { SegmentMessages } from "@/lib/i18n/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ListPage } from "./list-page";
import { loadListPage } from "./list-query";
import type { SearchParamsRecord } from "./href";

type ListKey = "title" | "new" | "empty" | "searchLabel" | "sortLabel" | "confirmDelete" | "deletedToast";
export type ListNamespace = { [N in keyof Messages]: Messages[N] extends Record<ListKey, string> ? N : never }[keyof Messages];
type Translate = (key: string, values?: Record<string, string>) => string;

export interface EntityListConfig<N extends ListNamespace, S extends z.ZodObject, Row> {
  /** The page's permission check (pages call the guard, components may not import it). */
  guard: () => Promise<unknown>;
  namespace: N;
  /** The folder's messages.ts: the page sends them to the browser, as a segment layout would. */
  messages: SegmentMessages;
  basePath: string;
  testIdPrefix: string;
  schema: S;
  load: (query: z.infer<S>) => Promise<{ items: Row[]; total: number; page: number; pageSize: number }>;
  Table: ComponentType<{ items: Row[]; sort: string; searchParams: SearchParamsRecord }>;
  sort: readonly [keyof Messages[N] & string, Readonly<Record<string, keyof Messages[N] & string>>];
}

/** A searchable, sortable entity list with "new" and row deletion: the page module is its config. */
export function entityListPage<N extends ListNamespace, S extends z.ZodObject, Row>(config: EntityListConfig<N, S, Row>) {
  const { guard, namespace, messages, basePath, testIdPrefix, schema, load, Table, sort } = config;
  async function generateMetadata(): Promise<Metadata> {
    return { title: ((await getTranslations(namespace)) as unknown as Translate)("title") };
  }
  async function Page({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
    await guard();
    const [params, translate] = await Promise.all([searchParams, getTranslations(namespace)]);
    const t = translate as unknown as Translate;
    const { query, result } = await loadListPage(basePath, schema, params, load);
    const { q, sort: order } = query as { q?: string | null; sort: string };
    return (
      <ClientMessages messages={messages}>
        <ListPage
          title={t("title")}
          basePath={basePath}
          testIdPrefix={testIdPrefix}
          newItem={{ href: `${basePath}/new`, label: t("new") }}
          emptyMessage={t("empty")}
          filtered={!!q}
          deleteRow={{
            pathTemplate: `${basePath}/{id}`,
            title: t("confirmDelete", { name: "{name}" }),
            success: t("deletedToast", { name: "{name}" }),
          }}
          toolbar={{
            searchLabel: t("searchLabel"),
            sort: {
              label: t("sortLabel"),
              defaultLabel: t(sort[0]),
              options: Object.entries(sort[1]).map(([value, key]) => ({ value, label: t(key) })),
            },
          }}
          table={<Table items={result.items} sort={order} searchParams={params} />}
          paging={{ searchParams: params, ...result }}
        />
      </ClientMessages>
    );
  }
  return { generateMetadata, Page };
}
