import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appDir, clientModules, rel, routeFiles as findRouteFiles, source } from "@/tests/helpers/import-graph";
import en from "@/messages/en.json";
import { ROOT_CLIENT_NAMESPACES, mergeMessages, pickMessages, rootMessages, type SegmentMessages } from "@/lib/i18n/client-namespaces";

function messageFiles(dir = appDir, out = new Map<string, string>()): Map<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(appDir, "api")) messageFiles(full, out);
    } else if (entry.name === "messages.ts") out.set(path.relative(appDir, dir).split(path.sep).join("/"), full);
  }
  return out;
}

const segmentModules = new Map<string, SegmentMessages>();
for (const [segment, file] of messageFiles()) {
  const mod = (await import(file)) as { default: SegmentMessages };
  segmentModules.set(segment, mod.default);
}
const segments: Record<string, readonly string[]> = Object.fromEntries([...segmentModules].map(([k, m]) => [k, m.own]));

function nearestSegment(dir: string): string | undefined {
  const parts = dir === "" ? [] : dir.split("/");
  for (let i = parts.length; i > 0; i--) {
    const key = parts.slice(0, i).join("/");
    if (segmentModules.has(key)) return key;
  }
  return undefined;
}

const folderOf = (file: string) => path.relative(appDir, path.dirname(file)).split(path.sep).join("/");

const layoutSegments = new Set(
  [...segmentModules.keys()].filter((segment) => {
    const layout = path.join(appDir, segment, "layout.tsx");
    const text = fs.existsSync(layout) ? source(layout) : "";
    return text.includes('import messages from "./messages";') && text.includes("<ClientMessages messages={messages}>");
  }),
);

const KIT_CALL = /\b(?:entityListPage|newEntityPage|editEntityPage)\s*\(/;
const KIT_FILES = ["components/ui/list/entity-list-page.tsx", "components/ui/form/entity-form-page.tsx"];

function kitSegment(page: string): string | undefined {
  if (path.basename(page) !== "page.tsx") return undefined;
  const text = source(page)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const imported = /^import messages from "((?:\.\.?\/)(?:\.\.\/)*messages)";$/m.exec(text);
  const call = KIT_CALL.exec(text);
  if (!imported || !call) return undefined;
  if (!/^\s*messages(?:\s*:\s*messages)?,$/m.test(text.slice(call.index))) return undefined;
  const segment = folderOf(path.resolve(path.dirname(page), imported[1] ?? ""));
  return segmentModules.has(segment) ? segment : undefined;
}

/** Calls whose namespace or key the regex cannot read; each names the paths it may use and why. */
const DYNAMIC: Record<string, { namespaces: string[]; reason: string }> = {
  "components/admin/category-tree/category-selects.tsx": {
    namespaces: [],
    reason: "reads the namespace its caller names (articles.general or prompts.form), which the caller reads itself",
  },
  "components/ui/use-field-errors.ts": { namespaces: ["validation"], reason: "translates zod issue messages, which are validation.* keys" },
  "components/shop/editor/personal-step.tsx": {
    namespaces: ["validation"],
    reason: "translates zod issue messages, which are validation.* keys",
  },
  "components/shop/checkout/sandbox-card-form.tsx": {
    namespaces: ["validation"],
    reason: "translates field messages that start with validation.",
  },
  "components/ui/image-crop-field.tsx": {
    namespaces: [],
    reason:
      '`messages` is "articles.variants" or "slots": its callers (variant-image-field, slot-image-field) use that namespace themselves',
  },
  "components/admin/category-tree/category-inline-form.tsx": {
    namespaces: ["articleCategories", "promptCategories"],
    reason: "screen.namespace is one of the two category tree namespaces",
  },
};

function usedPaths(file: string): { paths: string[]; problems: string[] } {
  const text = source(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const paths: string[] = [];
  const problems: string[] = [];
  let dynamic = /\buseMessages\s*\(/.test(text);
  const bindings = new Map<string, Set<string>>();
  for (const m of text.matchAll(/\buseTranslations\s*\(([^)]*)\)/g)) {
    const arg = (m[1] ?? "").trim();
    const literal = /^(["'])([\w.]+)\1$/.exec(arg);
    if (arg !== "" && !literal) {
      dynamic = true;
      continue;
    }
    const ns = literal?.[2] ?? "";
    const bound = /\b(?:const|let)\s+(\w+)\s*=\s*$/.exec(text.slice(Math.max(0, m.index - 80), m.index));
    if (!bound) {
      if (ns) paths.push(ns);
      else dynamic = true;
      continue;
    }
    const name = bound[1] ?? "";
    bindings.set(name, new Set([...(bindings.get(name) ?? []), ns]));
  }
  const whole = (ns: string) => {
    if (ns) paths.push(ns);
    else dynamic = true;
  };
  for (const [name, namespaces] of bindings) {
    const [ns = ""] = [...namespaces];
    // One name for two translators (in different functions): its calls cannot be told apart.
    if (namespaces.size > 1) {
      namespaces.forEach(whole);
      continue;
    }
    const join = (key: string) => (ns ? `${ns}.${key}` : key);
    for (const use of text.matchAll(new RegExp(`(?<![\\w.$])${name}\\b`, "g"))) {
      if (/\b(?:const|let)\s+$/.test(text.slice(Math.max(0, use.index - 10), use.index))) continue;
      const call = /^(?:\.(?:rich|markup|raw|has))?\s*\(\s*([^,)]*)/.exec(text.slice(use.index + name.length));
      if (!call) {
        whole(ns);
        continue;
      }
      const arg = (call[1] ?? "").trim();
      const literal = /^(["'])([\w.]+)\1$/.exec(arg);
      const template = /^`([\w.]*)\$\{/.exec(arg);
      if (literal) paths.push(join(literal[2] ?? ""));
      else if (template && (template[1] ?? "").includes(".")) paths.push(join((template[1] ?? "").replace(/\.[^.]*$/, "")));
      else whole(ns);
    }
  }
  if (dynamic) {
    const allowed = DYNAMIC[rel(file)];
    if (allowed) paths.push(...allowed.namespaces);
    else
      problems.push(`${rel(file)}: a useTranslations/useMessages namespace or key the test cannot read (add it to DYNAMIC with a reason)`);
  }
  return { paths, problems };
}

function providedFor(file: string): readonly string[] {
  const kit = kitSegment(file);
  if (kit) return segmentModules.get(kit)?.all ?? [];
  const parts = folderOf(file).split("/").filter(Boolean);
  for (let i = parts.length; i > 0; i--) {
    const key = parts.slice(0, i).join("/");
    if (layoutSegments.has(key)) return segmentModules.get(key)?.all ?? [];
  }
  return ROOT_CLIENT_NAMESPACES;
}

const covers = (provided: readonly string[], needed: string) => provided.some((p) => needed === p || needed.startsWith(`${p}.`));

function hasPath(messages: unknown, dotted: string): boolean {
  let node: unknown = messages;
  for (const part of dotted.split(".")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

const routeFiles = findRouteFiles().sort();

describe("client messages per route", () => {
  it("finds the route files and their client components", () => {
    expect(routeFiles.map(rel)).toContain("app/admin/vat/page.tsx");
    expect([...clientModules(path.join(appDir, "layout.tsx"))].map(rel)).toContain("components/providers.tsx");
  });

  it("every namespace a route's client components use is provided by its layouts or its kit page", () => {
    const failures: string[] = [];
    for (const file of routeFiles) {
      const provided = providedFor(file);
      const missing = new Map<string, string[]>();
      for (const mod of clientModules(file)) {
        const { paths, problems } = usedPaths(mod);
        failures.push(...problems);
        for (const p of paths) if (!covers(provided, p)) missing.set(p, [...(missing.get(p) ?? []), rel(mod)]);
      }
      for (const [p, mods] of missing) failures.push(`${rel(file)}: "${p}" (used by ${[...new Set(mods)].join(", ")})`);
    }
    if (process.env.CM_REPORT) fs.writeFileSync(process.env.CM_REPORT, JSON.stringify(failures));
    expect([...new Set(failures)]).toEqual([]);
  });

  it("no segment sends a path that none of its pages needs from it (a list page gets no form messages)", () => {
    const pages = routeFiles.filter((f) => path.basename(f) === "page.tsx");
    const chainOf = (page: string) => {
      const parts = path.relative(appDir, path.dirname(page)).split(path.sep).filter(Boolean);
      return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    };
    const usedBy = (page: string) => {
      const files = routeFiles.filter(
        (f) => f === page || (path.basename(f) !== "page.tsx" && page.startsWith(path.dirname(f) + path.sep)),
      );
      return files.flatMap((f) => [...clientModules(f)].flatMap((mod) => usedPaths(mod).paths));
    };
    const used = new Map(pages.map((page) => [page, usedBy(page)]));
    const unneeded: string[] = [];
    for (const [segment, paths] of Object.entries(segments)) {
      for (const p of paths) {
        const needed = pages.some((page) => {
          const chain = chainOf(page);
          if (!chain.includes(segment)) return false;
          const deeper = chain.slice(chain.indexOf(segment) + 1);
          if (deeper.some((d) => covers(segments[d] ?? [], p))) return false;
          return (used.get(page) ?? []).some((u) => u === p || u.startsWith(`${p}.`) || p.startsWith(`${u}.`));
        });
        if (!needed) unneeded.push(`${segment}: "${p}"`);
      }
    }
    expect(unneeded).toEqual([]);
  });

  it("every listed path exists in the messages", () => {
    const all = [...ROOT_CLIENT_NAMESPACES, ...Object.values(segments).flat()];
    expect(all.filter((p) => !hasPath(en, p))).toEqual([]);
  });

  it("every segment with a messages.ts renders it: its layout.tsx with <ClientMessages>, or each of its pages through the kit", () => {
    const pages = routeFiles.filter((f) => path.basename(f) === "page.tsx");
    const missing: string[] = [];
    for (const segment of segmentModules.keys()) {
      const own = pages.filter((page) => nearestSegment(folderOf(page)) === segment);
      const viaKit = own.filter((page) => kitSegment(page) === segment);
      if (layoutSegments.has(segment)) {
        // Both would send the messages twice: the page's provider replaces the layout's.
        if (viaKit.length > 0) missing.push(`${segment}: its layout and ${viaKit.map(rel).join(", ")} both render it`);
      } else if (own.length === 0 || viaKit.length < own.length) {
        const without = own.filter((page) => !viaKit.includes(page));
        missing.push(
          `${segment}: no layout.tsx renders it${without.length ? `, nor do ${without.map(rel).join(", ")}` : ", and it has no pages"}`,
        );
      }
    }
    expect(missing).toEqual([]);
  });

  it("every layout that renders <ClientMessages> has its own messages.ts; every kit page passes its segment's", () => {
    const layouts = routeFiles.filter((f) => path.basename(f) === "layout.tsx" && /<ClientMessages\s/.test(source(f)));
    const missing = layouts.filter((f) => !segmentModules.has(folderOf(f))).map(rel);
    for (const page of routeFiles.filter((f) => path.basename(f) === "page.tsx" && KIT_CALL.test(source(f)))) {
      const expected = nearestSegment(folderOf(page));
      if (kitSegment(page) !== expected)
        missing.push(`${rel(page)}: should import its segment's messages.ts (${expected ?? "none"}) and pass it as \`messages\``);
    }
    for (const kit of KIT_FILES) {
      const text = source(path.join(appDir, "..", kit));
      if ((text.match(/<ClientMessages messages=\{messages\}>/g) ?? []).length !== 1)
        missing.push(`${kit}: should render <ClientMessages messages={messages}> once`);
    }
    expect(missing).toEqual([]);
  });

  it("each segment's messages.ts builds on the nearest enclosing segment's (the root's at the top)", () => {
    const wrong: string[] = [];
    for (const [segment, messages] of segmentModules) {
      const above = nearestSegment(segment.split("/").slice(0, -1).join("/"));
      const expected = above ? segmentModules.get(above) : rootMessages;
      if (messages.parent !== expected) wrong.push(`${segment}: expected the parent ${above ?? "root"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the root layout sends only the root namespaces", () => {
    const text = source(path.join(appDir, "layout.tsx"));
    expect(text).toContain("ROOT_CLIENT_NAMESPACES");
    expect(text).not.toMatch(/messages=\{messages\}/);
  });

  it("picks and merges dotted paths", () => {
    const messages = { a: { b: { c: "1", d: "2" }, e: "3" }, f: "4" };
    expect(pickMessages(messages, ["a.b.c", "f", "missing.x"])).toEqual({ a: { b: { c: "1" } }, f: "4" });
    expect(mergeMessages({ a: { b: { c: "1" } } }, { a: { e: "3" } })).toEqual({ a: { b: { c: "1" }, e: "3" } });
  });
});
