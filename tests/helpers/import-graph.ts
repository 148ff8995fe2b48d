import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const appDir = path.join(root, "app");
const ROUTE_FILES = new Set([
  "page.tsx",
  "layout.tsx",
  "error.tsx",
  "not-found.tsx",
  "loading.tsx",
  "template.tsx",
  "default.tsx",
  "global-error.tsx",
]);

export function routeFiles(dir = appDir, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(appDir, "api")) routeFiles(full, out);
    } else if (ROUTE_FILES.has(entry.name)) out.push(full);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const sourceCache = new Map<string, string>();
export function source(file: string): string {
  let text = sourceCache.get(file);
  if (text === undefined) {
    text = fs.readFileSync(file, "utf8");
    sourceCache.set(file, text);
  }
  return text;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

export function importSpecs(file: string, opts: { dynamic: boolean }): { files: string[]; packages: string[] } {
  const text = withoutComments(source(file));
  const specs: string[] = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([^'";]*?)\s+from\s+["']([^"']+)["']/g)) if (!m[2]) specs.push(m[4] ?? "");
  for (const m of text.matchAll(/\bimport\s+["']([^"']+)["']/g)) specs.push(m[1] ?? "");
  if (opts.dynamic) for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1] ?? "");
  const files: string[] = [];
  const packages: string[] = [];
  for (const spec of specs) {
    const local = resolveImport(file, spec);
    if (local) files.push(local);
    else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.push(spec);
  }
  return { files, packages };
}

export const isClientModule = (file: string) => /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(source(file));
export const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

export function clientModules(entry: string, opts: { dynamic: boolean; entryInBrowser?: boolean } = { dynamic: true }): Set<string> {
  const client = new Set<string>();
  const seenServer = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const nowClient = inClient || isClientModule(file);
    if (nowClient ? client.has(file) : seenServer.has(file)) return;
    (nowClient ? client : seenServer).add(file);
    for (const next of importSpecs(file, opts).files) visit(next, nowClient);
  };
  visit(entry, opts.entryInBrowser ?? false);
  return client;
}
