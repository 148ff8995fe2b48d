import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appDir, clientModules, importSpecs, rel, root, routeFiles } from "@/tests/helpers/import-graph";

const LAZY_PACKAGES = [/^zod(\/|$)/, /^sonner$/, /^three(\/|$)/];
const NOT_ON_STOREFRONT = [/^next\/dynamic$/];

const storefront = routeFiles()
  .filter((file) => {
    const route = path.relative(appDir, file).split(path.sep).join("/");
    return !route.startsWith("admin/");
  })
  .sort();

function offenders(entry: string, entryInBrowser = false, banned = LAZY_PACKAGES): string[] {
  const found: string[] = [];
  for (const mod of clientModules(entry, { dynamic: false, entryInBrowser })) {
    for (const pkg of importSpecs(mod, { dynamic: false }).packages) {
      if (banned.some((re) => re.test(pkg))) found.push(`${rel(mod)} imports ${pkg}`);
    }
  }
  return found;
}

describe("storefront first load", () => {
  it("covers the storefront's route files", () => {
    const routes = storefront.map(rel);
    for (const expected of [
      "app/layout.tsx",
      "app/(shop)/(home)/page.tsx",
      "app/(shop)/cart/page.tsx",
      "app/(shop)/checkout/page.tsx",
      "app/login/page.tsx",
      "app/(shop)/account/page.tsx",
    ]) {
      expect(routes).toContain(expected);
    }
    expect(routes.some((r) => r.startsWith("app/admin/"))).toBe(false);
  });

  it("no storefront page loads zod, sonner or three.js with the page", () => {
    const failures = storefront.flatMap((file) => offenders(file).map((o) => `${rel(file)}: ${o}`));
    expect([...new Set(failures)]).toEqual([]);
  });

  it("no storefront page loads next/dynamic's loader with the page", () => {
    const failures = storefront.flatMap((file) => offenders(file, false, NOT_ON_STOREFRONT).map((o) => `${rel(file)}: ${o}`));
    expect([...new Set(failures)]).toEqual([]);
  });

  it("the start page loads the editor's later steps only when there is work (later-steps.ts, with import())", () => {
    const home = path.join(appDir, "(shop)", "(home)", "page.tsx");
    const staticGraph = [...clientModules(home, { dynamic: false })].map(rel);
    const withLazy = [...clientModules(home, { dynamic: true })].map(rel);
    expect(staticGraph).toContain("components/shop/editor/upload-step.tsx");
    for (const step of ["style-step", "mug-step", "personal-step", "generate-step", "preview-step"]) {
      expect(staticGraph, step).not.toContain(`components/shop/editor/${step}.tsx`);
      expect(withLazy, step).toContain(`components/shop/editor/${step}.tsx`);
    }
  });

  it("the preview step reaches three.js only through import(), when it shows a mug", () => {
    const step = path.join(root, "components/shop/editor/preview-step.tsx");
    const scene = "components/shop/editor/mug-3d/scene.ts";
    expect([...clientModules(step, { dynamic: false, entryInBrowser: true })].map(rel)).not.toContain(scene);
    expect([...clientModules(step, { dynamic: true, entryInBrowser: true })].map(rel)).toContain(scene);
  });

  it("instrumentation-client.ts (every page) imports neither", () => {
    expect(offenders(path.join(root, "instrumentation-client.ts"), true)).toEqual([]);
  });

  it("the walk sees an import that would break this (a page importing zod directly)", () => {
    const dir = fs.mkdtempSync(path.join(root, "tests/.tmp-first-load-"));
    try {
      const page = path.join(dir, "page.tsx");
      const form = path.join(dir, "form.tsx");
      const lazy = path.join(dir, "lazy.tsx");
      fs.writeFileSync(
        page,
        'import { Form } from "./form";\nimport { Lazy } from "./lazy";\nexport default function P() { return null; }\n',
      );
      fs.writeFileSync(form, '"use client";\nimport { z } from "zod";\nexport const Form = z.string();\n');
      fs.writeFileSync(lazy, '"use client";\nexport const Lazy = () => import("zod");\n');
      expect(offenders(page)).toEqual([`${rel(form)} imports zod`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sonner is loaded by components/ui/toast.tsx alone, with import() (admin pages too)", () => {
    const importers = (dynamic: boolean) => {
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (/\.tsx?$/.test(entry.name) && importSpecs(full, { dynamic }).packages.includes("sonner")) found.push(rel(full));
        }
      };
      for (const dir of ["app", "components", "lib"]) walk(path.join(root, dir));
      return found;
    };
    expect(importers(false)).toEqual([]);
    expect(importers(true)).toEqual(["components/ui/toast.tsx"]);
  });
});
