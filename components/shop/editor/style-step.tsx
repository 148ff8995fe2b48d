"use client";

import { useTranslations } from "next-intl";
import type { PublicPromptDto } from "@/lib/schemas/catalog";
import type { Editor } from "./use-editor";

interface Group {
  id: number;
  name: string;
  prompts: PublicPromptDto[];
}

export function groupByCategory(prompts: PublicPromptDto[]): Group[] {
  const groups = new Map<number, Group>();
  for (const p of prompts) {
    const group = groups.get(p.category.id) ?? { id: p.category.id, name: p.category.name, prompts: [] };
    group.prompts.push(p);
    groups.set(p.category.id, group);
  }
  return [...groups.values()];
}

/** Native radio buttons, so arrow keys and screen readers work. */
export function StyleStep({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.style");
  const { prompts, state, dispatch, promptsQuery } = editor;
  if (prompts.length === 0) {
    return (
      <p className="text-stone-600" data-testid="no-styles">
        {promptsQuery.isError ? t("loadFailed") : t("empty")}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-stone-600">{t("intro")}</p>
      {groupByCategory(prompts).map((group) => (
        <fieldset key={group.id} className="space-y-3" data-testid="style-category">
          <legend className="mb-2 text-lg font-semibold">{group.name}</legend>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {group.prompts.map((p) => {
              const selected = p.id === state.promptId;
              return (
                <label
                  key={p.id}
                  className={`cursor-pointer overflow-hidden rounded-lg border-2 bg-white transition-shadow has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                    selected ? "border-brand-600 shadow-md" : "border-stone-200 hover:border-stone-400"
                  }`}
                  data-testid="style-card"
                  data-selected={selected}
                >
                  <input
                    type="radio"
                    name="style"
                    value={p.id}
                    checked={selected}
                    onChange={() => dispatch({ type: "setPrompt", promptId: p.id })}
                    className="sr-only"
                    aria-describedby={`style-${p.id}-sub`}
                  />
                  {p.exampleImageUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- catalogue images are served by our own API with long cache headers
                    <img
                      src={p.exampleImageUrl}
                      alt=""
                      width={512}
                      height={512}
                      className="aspect-square w-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <div className="aspect-square w-full bg-stone-100" aria-hidden />
                  )}
                  <span className="block p-3">
                    <span className="block font-medium">{p.title}</span>
                    <span id={`style-${p.id}-sub`} aria-hidden className="block text-xs text-stone-500">
                      {p.subcategory?.name ?? group.name}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
