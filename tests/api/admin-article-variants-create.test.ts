import { describe, expect, it } from "vitest";
import * as mugVariantsRoute from "@/app/api/admin/articles/mugs/[mugId]/variants/route";
import * as mugVariantRoute from "@/app/api/admin/articles/mugs/variants/[variantId]/route";
import * as mugVariantImageRoute from "@/app/api/admin/articles/mugs/variants/[variantId]/image/route";
import * as variantsCatalogRoute from "@/app/api/admin/articles/mugs/variants-catalog/route";
import * as copyVariantsRoute from "@/app/api/admin/articles/mugs/[mugId]/copy-variants/route";
import * as shirtVariantsRoute from "@/app/api/admin/articles/shirts/[shirtId]/variants/route";
import * as shirtVariantRoute from "@/app/api/admin/articles/shirts/variants/[variantId]/route";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { photoForm } from "../helpers/images";
import {
  seededMugArticle,
  newMug,
  newShirt,
  variantRows,
  variantBody,
  createMugVariant,
  createdVariant,
  bodyOf,
  png,
  uploadedImage,
  createShirtVariant,
  publicMugs,
  setupVariantStorage,
} from "../helpers/admin-article-variants";

setupVariantStorage();

// ── Access matrix ────────────────────────────────────────────────────────────────────────────────

describe("access matrix for the variant routes", () => {
  type Row = { route: string; ok: number; run: (cookie: string | undefined) => Promise<number> };
  const rows: Row[] = [
    {
      route: "POST /api/admin/articles/mugs/{mugId}/variants",
      ok: 201,
      run: async (cookie) =>
        (await call(mugVariantsRoute.POST, { method: "POST", params: { mugId: String(await newMug()) }, body: variantBody(), cookie }))
          .status,
    },
    {
      route: "PUT /api/admin/articles/mugs/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        return (
          await call(mugVariantRoute.PUT, {
            method: "PUT",
            params: { variantId: String(v.id) },
            body: bodyOf(v, { name: "Renamed" }),
            cookie,
          })
        ).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/mugs/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        return (await call(mugVariantRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
    {
      route: "POST /api/admin/articles/mugs/variants/{variantId}/image",
      ok: 200,
      run: async (cookie) => {
        const v = await createdVariant(await newMug());
        const form = photoForm(await png(), {}, "photo.png", "image/png");
        return (await call(mugVariantImageRoute.POST, { method: "POST", params: { variantId: String(v.id) }, body: form, cookie })).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/mugs/variants/{variantId}/image",
      ok: 200,
      run: async (cookie) => {
        const v = await uploadedImage((await createdVariant(await newMug())).id);
        return (await call(mugVariantImageRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
    {
      route: "GET /api/admin/articles/mugs/variants-catalog",
      ok: 200,
      run: async (cookie) => (await call(variantsCatalogRoute.GET, { path: "/api/admin/articles/mugs/variants-catalog", cookie })).status,
    },
    {
      route: "POST /api/admin/articles/mugs/{mugId}/copy-variants",
      ok: 200,
      run: async (cookie) => {
        const source = await createdVariant(await newMug());
        const mugId = await newMug();
        return (
          await call(copyVariantsRoute.POST, {
            method: "POST",
            params: { mugId: String(mugId) },
            body: { variantIds: [source.id] },
            cookie,
          })
        ).status;
      },
    },
    {
      route: "POST /api/admin/articles/shirts/{shirtId}/variants",
      ok: 201,
      run: async (cookie) =>
        (
          await call(shirtVariantsRoute.POST, {
            method: "POST",
            params: { shirtId: String(await newShirt()) },
            body: { color: "Navy", size: "M" },
            cookie,
          })
        ).status,
    },
    {
      route: "PUT /api/admin/articles/shirts/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = (await createShirtVariant(await newShirt(), { color: "Navy", size: "M" })).body;
        return (
          await call(shirtVariantRoute.PUT, {
            method: "PUT",
            params: { variantId: String(v.id) },
            body: { color: "Navy", size: "L" },
            cookie,
          })
        ).status;
      },
    },
    {
      route: "DELETE /api/admin/articles/shirts/variants/{variantId}",
      ok: 200,
      run: async (cookie) => {
        const v = (await createShirtVariant(await newShirt(), { color: "Navy", size: "M" })).body;
        return (await call(shirtVariantRoute.DELETE, { method: "DELETE", params: { variantId: String(v.id) }, cookie })).status;
      },
    },
  ];
  const roles: Role[] = ["anonymous", "customer", "admin"];
  for (const row of rows) {
    for (const role of roles) {
      const expected = role === "anonymous" ? 401 : role === "customer" ? 403 : row.ok;
      it(`${row.route} – ${role} → ${expected}`, async () => {
        expect(await row.run(await cookieFor(role))).toBe(expected);
      });
    }
  }

  it("POST /api/admin/articles/mugs/{mugId}/variants – anonymous and customer answers carry the spec's messages and store nothing", async () => {
    const mugId = await newMug();
    const anonymous = await createMugVariant(mugId, variantBody(), { cookie: "" });
    expect(anonymous.body.message).toBe("Authentication required");
    const customer = await createMugVariant(mugId, variantBody(), { cookie: await loginAs("customer") });
    expect(customer.body.message).toBe("You do not have permission to do this");
    expect(await variantRows(mugId)).toHaveLength(0);
  });
});

// ── Mug variants ─────────────────────────────────────────────────────────────────────────────────

describe("POST /api/admin/articles/mugs/{mugId}/variants", () => {
  it("POST /api/admin/articles/mugs/{mugId}/variants – creates a variant (201), colours stored upper-case, the first becomes the default", async () => {
    const mugId = await newMug();
    const res = await createMugVariant(mugId, {
      name: "Forest",
      nameDe: "Wald",
      articleVariantNumber: "T-FOR",
      insideColorCode: "#1a2b3c",
      outsideColorCode: "#abcdef",
      isDefault: false,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      articleId: mugId,
      name: "Forest",
      nameDe: "Wald",
      articleVariantNumber: "T-FOR",
      insideColorCode: "#1A2B3C",
      outsideColorCode: "#ABCDEF",
      active: true,
      isDefault: true,
      exampleImageId: null,
      exampleImageUrl: null,
    });
    const [row] = await variantRows(mugId);
    expect(row).toMatchObject({ id: res.body.id, insideColorCode: "#1A2B3C", outsideColorCode: "#ABCDEF", isDefault: true });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – a later variant is not default unless asked; isDefault moves the default", async () => {
    const mugId = await newMug();
    const first = await createdVariant(mugId);
    const second = await createdVariant(mugId);
    expect(second.isDefault).toBe(false);
    const third = await createdVariant(mugId, { isDefault: true });
    expect(third.isDefault).toBe(true);
    const rows = await variantRows(mugId);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([third.id]);
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – GET /api/mugs shows the new active variant (catalogue cache invalidated)", async () => {
    const mugId = await newMug();
    await publicMugs(); // fills the catalogue cache
    const v = await createdVariant(mugId, { name: "Shop visible", insideColorCode: "#c0ffee" });
    const mug = (await publicMugs()).find((m) => m.id === mugId);
    expect(mug?.variants.map((x) => ({ id: x.id, name: x.name, insideColorCode: x.insideColorCode, isDefault: x.isDefault }))).toEqual([
      { id: v.id, name: "Shop visible", insideColorCode: "#C0FFEE", isDefault: true },
    ]);
    const inactive = await createdVariant(mugId, { active: false });
    expect((await publicMugs()).find((m) => m.id === mugId)?.variants.map((x) => x.id)).not.toContain(inactive.id);
  });

  const bad: { title: string; body: Record<string, unknown>; field: string; message: string }[] = [
    {
      title: "name missing",
      body: { insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name is required",
    },
    {
      title: "name blank",
      body: { name: "   ", insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name is required",
    },
    {
      title: "name too long",
      body: { name: "x".repeat(256), insideColorCode: "#FFFFFF", outsideColorCode: "#000000" },
      field: "name",
      message: "Name must be at most 255 characters",
    },
    {
      title: "inside colour #12345",
      body: { name: "A", insideColorCode: "#12345", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "inside colour 'red'",
      body: { name: "A", insideColorCode: "red", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "outside colour #GGGGGG",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#GGGGGG" },
      field: "outsideColorCode",
      message: "Enter a colour as a hex code such as #1A2B3C",
    },
    {
      title: "inside colour missing",
      body: { name: "A", outsideColorCode: "#000000" },
      field: "insideColorCode",
      message: "Colour is required",
    },
    {
      title: "outside colour missing",
      body: { name: "A", insideColorCode: "#FFFFFF" },
      field: "outsideColorCode",
      message: "Colour is required",
    },
    {
      title: "active not a boolean",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: "yes" },
      field: "active",
      message: "Invalid value",
    },
    {
      title: "the first variant (the default) inactive",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: false },
      field: "active",
      message: "The default variant must be active",
    },
    {
      title: "isDefault but inactive",
      body: { name: "A", insideColorCode: "#FFFFFF", outsideColorCode: "#000000", active: false, isDefault: true },
      field: "active",
      message: "The default variant must be active",
    },
  ];
  for (const row of bad) {
    it(`POST /api/admin/articles/mugs/{mugId}/variants – ${row.title} → 422 "${row.message}" on ${row.field}, nothing stored`, async () => {
      const mugId = await newMug();
      const res = await createMugVariant(mugId, row.body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors?.[row.field]).toBe(row.message);
      expect(await variantRows(mugId)).toHaveLength(0);
    });
  }

  it("POST /api/admin/articles/mugs/{mugId}/variants – a name the mug already has (ignoring case) → 409 with message and field error", async () => {
    const mugId = await newMug();
    await createdVariant(mugId, { name: "Ocean" });
    for (const name of ["Ocean", "ocean", "  OCEAN "]) {
      const res = await createMugVariant(mugId, variantBody({ name }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: "A variant with this name already exists",
        errors: { name: "A variant with this name already exists" },
      });
    }
    expect(await variantRows(mugId)).toHaveLength(1);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – the same name on another mug is fine", async () => {
    const seeded = await seededMugArticle();
    expect((await variantRows(seeded.id)).some((v) => v.name === "White")).toBe(true);
    await createdVariant(await newMug(), { name: "White" });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – the 409 answers in German for a German caller", async () => {
    const mugId = await newMug();
    await createdVariant(mugId, { name: "Ocean" });
    const res = await createMugVariant(mugId, variantBody({ name: "Ocean" }), { lang: "de" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: "Eine Variante mit diesem Namen existiert bereits",
      errors: { name: "Eine Variante mit diesem Namen existiert bereits" },
    });
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – concurrent creates: one name wins (201, 409, never 500), exactly one default", async () => {
    const mugId = await newMug();
    const same = await Promise.all([1, 2, 3].map(() => createMugVariant(mugId, variantBody({ name: "Race" }))));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const different = await Promise.all([1, 2, 3].map(() => createMugVariant(mugId, variantBody({ isDefault: true }))));
    expect(different.map((r) => r.status)).toEqual([201, 201, 201]);
    const rows = await variantRows(mugId);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("POST /api/admin/articles/mugs/{mugId}/variants – unknown mug, a shirt's id or a malformed id → 404 Invalid mug ID / Not found", async () => {
    expect(await createMugVariant(999_999, variantBody())).toMatchObject({ status: 404, body: { message: "Invalid mug ID" } });
    const shirtId = await newShirt();
    expect(await createMugVariant(shirtId, variantBody())).toMatchObject({ status: 404, body: { message: "Invalid mug ID" } });
    expect((await variantRows(shirtId)).length).toBe(0);
    expect(await createMugVariant("abc", variantBody())).toMatchObject({ status: 404, body: { message: "Not found" } });
  });
});
