import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "@/components/ui/lazy-component";
import { lazyModule } from "@/lib/lazy-module";
import { isCartQuantity, MAX_QUANTITY } from "@/lib/schemas/cart-quantity";
import { updateCartItemBody } from "@/lib/schemas/cart";
import { sortFromUrl } from "@/lib/schemas/user-image-sorting";
import { listUserImagesQuery } from "@/lib/schemas/user-images";

describe("lazyModule", () => {
  it("imports once, shares the pending import, tells subscribers when it is there", async () => {
    let imports = 0;
    const mod = lazyModule(async () => {
      imports++;
      return { value: 42 };
    });
    const told: number[] = [];
    const unsubscribe = mod.subscribe(() => told.push(imports));
    expect(mod.current()).toBeNull();
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(mod.current()).toBe(a);
    expect(await mod.load()).toBe(a);
    expect(imports).toBe(1);
    expect(told).toEqual([1]);
    unsubscribe();
  });

  it("tries again after a failed import; preload swallows the failure", async () => {
    let attempt = 0;
    const mod = lazyModule(async () => {
      attempt++;
      if (attempt === 1) throw new Error("chunk load failed");
      return { attempt };
    });
    await expect(mod.load()).rejects.toThrow("chunk load failed");
    expect(mod.current()).toBeNull();
    mod.preload();
    await expect(mod.load()).resolves.toEqual({ attempt: 2 });
    expect(attempt).toBe(2);
  });
});

describe("lazyComponent", () => {
  it("renders its stand-in on the server and imports nothing there", () => {
    let imports = 0;
    const Lazy = lazyComponent<{ name: string }>(
      async () => {
        imports++;
        return ({ name }) => h("p", null, `hello ${name}`);
      },
      () => h("p", { role: "status" }, "loading"),
    );
    expect(renderToString(h(Lazy, { name: "Clara" }))).toBe('<p role="status">loading</p>');
    expect(imports).toBe(0);
  });
});

describe("zod-free rules agree with the API's schemas", () => {
  it("cart quantity", () => {
    for (const q of [-1, 0, 0.5, 1, 2, 50, MAX_QUANTITY - 1, MAX_QUANTITY, MAX_QUANTITY + 1, 1000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isCartQuantity(q), String(q)).toBe(updateCartItemBody.safeParse({ quantity: q }).success);
    }
  });

  it("gallery sort from the URL", () => {
    const cases: Array<Record<string, string>> = [
      {},
      { sort: "type" },
      { order: "asc" },
      { sort: "type", order: "asc" },
      { sort: "size" },
      { order: "up" },
      { sort: "" },
      { sort: "date", order: "desc" },
    ];
    for (const query of cases) {
      const parsed = listUserImagesQuery.safeParse(query);
      const expected = parsed.success ? { sort: parsed.data.sort, order: parsed.data.order } : { sort: "date", order: "desc" };
      expect(sortFromUrl(new URLSearchParams(query)), JSON.stringify(query)).toEqual(expected);
    }
  });
});

describe("toasts load sonner with the first toast", () => {
  it("passes the toast on to sonner", async () => {
    const { toast } = await import("@/components/ui/toast");
    toast.success("Saved", { description: "all of it" });
    toast.error("Failed");
    const sonner = await import("sonner");
    await expect
      .poll(() => sonner.toast.getToasts().map((t) => ("title" in t ? [t.type, t.title] : null)))
      .toEqual([
        ["success", "Saved"],
        ["error", "Failed"],
      ]);
  });
});
