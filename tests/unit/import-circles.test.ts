import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../helpers/import-graph";

// ESLint's import/no-cycle skips `import type`; a circle through types still ties the modules together.
const DIRS = ["lib", "components"];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from: string, spec: string, known: Set<string>): string | null {
  const base = spec.startsWith("@/")
    ? path.join(root, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)["']([^"']+)["']/gm)].map((m) => m[1] ?? "");
    edges.set(
      file,
      specs.map((s) => resolve(file, s, known)).filter((f): f is string => f !== null),
    );
  }
  return edges;
}

function folderOf(file: string): string {
  const [top, second, third] = path.relative(root, file).split(path.sep);
  const name = (part = "") => part.replace(/\.tsx?$/, "");
  return second === "services" ? `${top}/services/${name(third)}` : `${top}/${name(second)}`;
}

function folderGraph(files: string[]): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of importGraph(files)) {
    const from = folderOf(file);
    const set = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) set.add(folderOf(target));
    folders.set(from, set);
  }
  return new Map([...folders].map(([k, v]) => [k, [...v]]));
}

function circles(edges: Map<string, string[]>, name: (node: string) => string = (n) => n): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const at = (map: Map<string, number>, key: string) => map.get(key) ?? -1;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(at(low, v), at(low, w)));
      } else if (onStack.has(w)) low.set(v, Math.min(at(low, v), at(index, w)));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(name(w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import circles", () => {
  it("lib/ and components/ have none, type-only imports included", () => {
    const files = DIRS.flatMap((d) => sourceFiles(path.join(root, d)));
    expect(files.length).toBeGreaterThan(300);
    expect(circles(importGraph(files), (f) => path.relative(root, f))).toEqual([]);
  });

  it("the folders of lib/ form no circle either", () => {
    const graph = folderGraph(sourceFiles(path.join(root, "lib")));
    expect(graph.size).toBeGreaterThan(40);
    expect(circles(graph)).toEqual([]);
  });
});
