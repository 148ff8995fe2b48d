import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as collection from "@/app/api/user/images/route";
import * as item from "@/app/api/user/images/[imageId]/route";
import * as edited from "@/app/api/user/images/edited/route";
import * as imageRoute from "@/app/api/images/[imageId]/route";
import { getDb } from "@/db/client";
import { images, orderItems, orders, prompts, users, type Image, type ImageType } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { storeImage } from "@/lib/services/images";
import type { UserImageDto } from "@/lib/schemas/user-images";
import { call, cookieFor, loginAs, type Role } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string; errors?: Record<string, string> };
type ImageBody = { id: number; type: string; url: string; mimeType: string; width: number; height: number; sizeBytes: number };

let storageDir: string;
let customerId: number;
let otherId: number;
let adminId: number;
let popArt: { id: number; title: string };

beforeAll(async () => {
  // This file's own storage folder, so counting files is not disturbed by test files running in parallel.
  storageDir = tempDir("shop-test-user-images-");
  process.env.STORAGE_DIR = storageDir;
  resetStorage();
  const db = await getDb();
  const idOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`user ${email} seeded`);
    return row.id;
  };
  customerId = await idOf(TEST_USERS.customer.email);
  otherId = await idOf(TEST_USERS.other.email);
  adminId = await idOf(TEST_USERS.admin.email);
  const [prompt] = await db.select({ id: prompts.id, title: prompts.title }).from(prompts).where(eq(prompts.promptNumber, "P-001"));
  if (!prompt) throw new Error("seeded prompt P-001");
  popArt = prompt;
});

async function png(width = 40, height = 30, alpha = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 20, b: 20, alpha: 0.5 } : "#36c" } })
    .png()
    .toBuffer();
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .jpeg()
    .toBuffer();
}

/** An image of a user as the generate and upload flows store it (storeImage), optionally at a given time. */
async function makeImage(
  ownerId: number,
  type: Exclude<ImageType, "CATALOGUE">,
  opts: { promptId?: number; createdAt?: Date } = {},
): Promise<Image> {
  const row = await storeImage({
    bytes: await png(),
    use: "generated",
    format: type === "UPLOADED" ? "jpeg" : "png",
    type,
    ownerId,
    promptId: opts.promptId ?? null,
  });
  if (!opts.createdAt) return row;
  const db = await getDb();
  const [updated] = await db.update(images).set({ createdAt: opts.createdAt }).where(eq(images.id, row.id)).returning();
  if (!updated) throw new Error("image updated");
  return updated;
}

async function list(role: Role = "customer", query = "") {
  return call<UserImageDto[] & ErrorBody>(collection.GET, { path: `/api/user/images${query}`, cookie: await cookieFor(role) });
}

async function remove(imageId: number | string, role: Role = "customer") {
  return call<ErrorBody>(item.DELETE, { method: "DELETE", params: { imageId: String(imageId) }, cookie: await cookieFor(role) });
}

function editedForm(
  image: Buffer | string | null,
  generatedImageId: number | string | null,
  filename = "edited.png",
  type = "image/png",
): FormData {
  const form = new FormData();
  if (image !== null) form.set("image", new Blob([typeof image === "string" ? image : new Uint8Array(image)], { type }), filename);
  if (generatedImageId !== null) form.set("generatedImageId", String(generatedImageId));
  return form;
}

async function postEdited(body: FormData | string, role: Role = "customer", headers?: Record<string, string>) {
  return call<ImageBody & ErrorBody>(edited.POST, {
    method: "POST",
    path: "/api/user/images/edited",
    body,
    headers,
    cookie: await cookieFor(role),
  });
}

async function rowOf(id: number) {
  const [row] = await (await getDb()).select().from(images).where(eq(images.id, id));
  return row;
}

function fileCount(): number {
  const walk = (dir: string): number =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0)
      : 0;
  return walk(storageDir);
}

async function rowCount(): Promise<number> {
  return (await getDb()).$count(images);
}

describe("access: anonymous → 401", () => {
  it("GET /api/user/images", async () => {
    const res = await list("anonymous");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required");
  });
  it("DELETE /api/user/images/{imageId}", async () => {
    const image = await makeImage(customerId, "UPLOADED");
    expect((await remove(image.id, "anonymous")).status).toBe(401);
    expect(await rowOf(image.id)).toBeDefined();
  });
  it("POST /api/user/images/edited", async () => {
    const generated = await makeImage(customerId, "GENERATED");
    const before = await rowCount();
    expect((await postEdited(editedForm(await png(), generated.id), "anonymous")).status).toBe(401);
    expect(await rowCount()).toBe(before);
  });
});

describe("GET /api/user/images", () => {
  it("lists the caller's own images only, with prompt title, size and URL", async () => {
    const uploaded = await makeImage(customerId, "UPLOADED");
    const generated = await makeImage(customerId, "GENERATED", { promptId: popArt.id });
    const othersImage = await makeImage(otherId, "GENERATED", { promptId: popArt.id });
    const adminsImage = await makeImage(adminId, "UPLOADED");
    const catalogue = await storeImage({ bytes: await png(), use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null });

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const ids = res.body.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([uploaded.id, generated.id]));
    for (const foreign of [othersImage.id, adminsImage.id, catalogue.id]) expect(ids).not.toContain(foreign);

    const ownRows = await (await getDb()).select({ id: images.id }).from(images).where(eq(images.ownerId, customerId));
    expect([...ids].sort((x, y) => x - y)).toEqual(ownRows.map((r) => r.id).sort((x, y) => x - y));

    const gen = res.body.find((i) => i.id === generated.id);
    expect(gen).toEqual({
      id: generated.id,
      type: "GENERATED",
      url: `/api/images/${generated.id}`,
      createdAt: generated.createdAt.toISOString(),
      sizeBytes: generated.sizeBytes,
      width: 40,
      height: 30,
      promptTitle: "Pop Art",
    });
    expect(res.body.find((i) => i.id === uploaded.id)?.promptTitle).toBeNull();

    // The other user sees theirs, and an admin sees only their own images here.
    expect((await list("other")).body.map((i) => i.id)).toContain(othersImage.id);
    expect((await list("other")).body.map((i) => i.id)).not.toContain(generated.id);
    expect((await list("admin")).body.map((i) => i.id)).toEqual([adminsImage.id]);
  });

  describe("sorting", () => {
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
    let made: { a: Image; b: Image; c: Image; d: Image; e: Image };
    let mine: Set<number>;

    beforeAll(async () => {
      // Other tests in this file add images too: the order checks look at these five only.
      made = {
        a: await makeImage(customerId, "GENERATED", { promptId: popArt.id, createdAt: at(1) }),
        b: await makeImage(customerId, "UPLOADED", { createdAt: at(2) }),
        c: await makeImage(customerId, "EDITED", { promptId: popArt.id, createdAt: at(3) }),
        d: await makeImage(customerId, "UPLOADED", { createdAt: at(4) }),
        e: await makeImage(customerId, "GENERATED", { createdAt: at(5) }),
      };
      mine = new Set(Object.values(made).map((i) => i.id));
    });

    const order = async (query: string) => {
      const res = await list("customer", query);
      expect(res.status).toBe(200);
      return res.body.filter((i) => mine.has(i.id)).map((i) => i.id);
    };

    it("by date, newest first (the default)", async () => {
      const { a, b, c, d, e } = made;
      expect(await order("")).toEqual([e.id, d.id, c.id, b.id, a.id]);
      expect(await order("?sort=date&order=desc")).toEqual([e.id, d.id, c.id, b.id, a.id]);
    });

    it("by date, oldest first", async () => {
      const { a, b, c, d, e } = made;
      expect(await order("?sort=date&order=asc")).toEqual([a.id, b.id, c.id, d.id, e.id]);
    });

    it("by type: grouped uploaded, generated, edited; newest first within a group", async () => {
      const { a, b, c, d, e } = made;
      expect(await order("?sort=type")).toEqual([d.id, b.id, e.id, a.id, c.id]);
      expect(await order("?sort=type&order=desc")).toEqual([d.id, b.id, e.id, a.id, c.id]);
    });

    it("by type, oldest first within a group", async () => {
      const { a, b, c, d, e } = made;
      expect(await order("?sort=type&order=asc")).toEqual([b.id, d.id, a.id, e.id, c.id]);
    });

    it("the whole answer is ordered, not just these images", async () => {
      const res = await list("customer", "?sort=date&order=asc");
      const times = res.body.map((i) => Date.parse(i.createdAt));
      expect(times).toEqual([...times].sort((x, y) => x - y));
    });

    it("filters by type", async () => {
      const res = await list("customer", "?type=UPLOADED");
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((i) => i.type === "UPLOADED")).toBe(true);
      expect(res.body.map((i) => i.id)).toEqual(expect.arrayContaining([made.b.id, made.d.id]));
    });

    const badQueries: [string, string][] = [
      ["?sort=size", "sort"],
      ["?order=up", "order"],
      ["?type=CATALOGUE", "type"],
    ];
    for (const [query, field] of badQueries) {
      it(`${query} → 422 naming ${field}`, async () => {
        const res = await list("customer", query);
        expect(res.status).toBe(422);
        expect(res.body.errors?.[field]).toBe("Invalid value");
      });
    }
  });
});

describe("DELETE /api/user/images/{imageId}", () => {
  it("deletes the caller's own image: row and file", async () => {
    const image = await makeImage(customerId, "GENERATED", { promptId: popArt.id });
    const file = path.join(storageDir, image.storageKey);
    expect(fs.existsSync(file)).toBe(true);
    const res = await remove(image.id);
    expect(res.status).toBe(204);
    expect(await rowOf(image.id)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    expect((await list()).body.map((i) => i.id)).not.toContain(image.id);
    expect((await remove(image.id)).status).toBe(404);
  });

  it("another user's image → 404, exactly like an unknown one, and it stays", async () => {
    const theirs = await makeImage(otherId, "UPLOADED");
    const res = await remove(theirs.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Not found");
    expect(await rowOf(theirs.id)).toBeDefined();
    expect(fs.existsSync(path.join(storageDir, theirs.storageKey))).toBe(true);
    const unknown = await remove(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(res.body.message);
  });

  it("an admin cannot delete a customer's image through the customer call (404), nor anyone a catalogue image", async () => {
    const theirs = await makeImage(customerId, "UPLOADED");
    expect((await remove(theirs.id, "admin")).status).toBe(404);
    const catalogue = await storeImage({ bytes: await png(), use: "catalogue", format: "webp", type: "CATALOGUE", ownerId: null });
    expect((await remove(catalogue.id, "admin")).status).toBe(404);
    expect(await rowOf(theirs.id)).toBeDefined();
    expect(await rowOf(catalogue.id)).toBeDefined();
  });

  it("an image printed by one of the user's orders cannot be deleted (409): the order keeps its design", async () => {
    const image = await makeImage(customerId, "GENERATED", { promptId: popArt.id });
    const db = await getDb();
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `T-${image.id}`,
        userId: customerId,
        email: TEST_USERS.customer.email,
        firstName: "Test",
        lastName: "Customer",
        subtotalCents: 1499,
        shippingCents: 0,
        taxCents: 239,
        totalCents: 1499,
        idempotencyKey: `key-${image.id}`,
      })
      .returning();
    if (!order) throw new Error("order inserted");
    await db.insert(orderItems).values({
      orderId: order.id,
      articleName: "Mug",
      quantity: 1,
      unitPriceCents: 1499,
      vatPercent: 19,
      totalCents: 1499,
      imageId: image.id,
    });
    const res = await remove(image.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This image belongs to an order and cannot be deleted");
    expect(await rowOf(image.id)).toBeDefined();
    // Only that image is held: another one of the user's images is still deletable.
    expect((await remove((await makeImage(customerId, "GENERATED")).id)).status).toBe(204);
  });

  it("malformed id → 404", async () => {
    expect((await remove("abc")).status).toBe(404);
  });
});

describe("POST /api/user/images/edited", () => {
  it("stores the edit as the user's EDITED PNG, keeping transparency, linked to the generated image and its prompt", async () => {
    const generated = await makeImage(customerId, "GENERATED", { promptId: popArt.id });
    const res = await postEdited(editedForm(await png(50, 40, true), generated.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "EDITED", mimeType: "image/png", width: 50, height: 40, url: `/api/images/${res.body.id}` });
    const row = await rowOf(res.body.id);
    if (!row) throw new Error("row stored");
    expect(row).toMatchObject({ ownerId: customerId, type: "EDITED", sourceImageId: generated.id, promptId: popArt.id });
    expect(row.storageKey).toMatch(/^edited\/[0-9a-f-]{36}\.png$/);
    const meta = await sharp(fs.readFileSync(path.join(storageDir, row.storageKey))).metadata();
    expect(meta.format).toBe("png");
    expect(meta.hasAlpha).toBe(true);

    const listed = (await list()).body.find((i) => i.id === res.body.id);
    expect(listed).toMatchObject({ type: "EDITED", promptTitle: "Pop Art" });

    // Served to its owner, 404 to anybody else.
    const fetchAs = async (role: Role) =>
      (
        await imageRoute.GET(new Request(`http://localhost/api/images/${row.id}`, { headers: { cookie: (await cookieFor(role)) ?? "" } }), {
          params: Promise.resolve({ imageId: String(row.id) }),
        })
      ).status;
    expect(await fetchAs("customer")).toBe(200);
    expect(await fetchAs("other")).toBe(404);
    expect(await fetchAs("anonymous")).toBe(404);
  });

  type Bad = {
    title: string;
    make: (ids: { own: number; uploaded: number; others: number; edited: number }) => Promise<FormData | string>;
    status: number;
    message: string;
    errors?: Record<string, string>;
    headers?: Record<string, string>;
  };
  const bad: Bad[] = [
    {
      title: "a JPEG",
      make: async ({ own }) => editedForm(await jpeg(), own, "edited.png"),
      status: 415,
      message: "The edited image must be a PNG file",
    },
    {
      title: "a text file named .png",
      make: async ({ own }) => editedForm("not a picture", own),
      status: 415,
      message: "The edited image must be a PNG file",
    },
    {
      title: "a broken PNG",
      make: async ({ own }) => editedForm((await png()).subarray(0, 30), own),
      status: 422,
      message: "The file is not a valid image",
    },
    {
      title: "over 10 MB",
      make: async ({ own }) => {
        const big = Buffer.alloc(10 * 1024 * 1024 + 1);
        (await png()).copy(big);
        return editedForm(big, own);
      },
      status: 413,
      message: "The image is too large (maximum 10 MB)",
    },
    {
      title: "another user's generated image",
      make: async ({ others }) => editedForm(await png(), others),
      status: 404,
      message: "Not found",
    },
    { title: "an unknown generated image", make: async () => editedForm(await png(), 999_999), status: 404, message: "Not found" },
    {
      title: "one of the user's UPLOADED images",
      make: async ({ uploaded }) => editedForm(await png(), uploaded),
      status: 422,
      message: "Validation failed",
      errors: { generatedImageId: "Please choose one of your generated images" },
    },
    {
      title: "one of the user's EDITED images",
      make: async ({ edited: e }) => editedForm(await png(), e),
      status: 422,
      message: "Validation failed",
      errors: { generatedImageId: "Please choose one of your generated images" },
    },
    {
      title: "generatedImageId missing",
      make: async () => editedForm(await png(), null),
      status: 422,
      message: "Validation failed",
      errors: { generatedImageId: "Please choose one of your generated images" },
    },
    {
      title: "generatedImageId not a number",
      make: async () => editedForm(await png(), "abc"),
      status: 422,
      message: "Validation failed",
      errors: { generatedImageId: "Please choose one of your generated images" },
    },
    {
      title: "the image missing",
      make: async ({ own }) => editedForm(null, own),
      status: 422,
      message: "Validation failed",
      errors: { image: "Please choose an image file" },
    },
    {
      title: "a JSON body",
      make: async ({ own }) => JSON.stringify({ generatedImageId: own }),
      headers: { "content-type": "application/json" },
      status: 415,
      message: "The request must be sent as multipart/form-data",
    },
  ];

  for (const row of bad) {
    it(`${row.title} → ${row.status} and nothing stored`, async () => {
      const ids = {
        own: (await makeImage(customerId, "GENERATED", { promptId: popArt.id })).id,
        uploaded: (await makeImage(customerId, "UPLOADED")).id,
        others: (await makeImage(otherId, "GENERATED")).id,
        edited: (await makeImage(customerId, "EDITED")).id,
      };
      const body = await row.make(ids);
      const before = { rows: await rowCount(), files: fileCount() };
      const res = await postEdited(body, "customer", row.headers);
      expect(res.status).toBe(row.status);
      expect(res.body.message).toBe(row.message);
      if (row.errors) expect(res.body.errors).toEqual(row.errors);
      expect({ rows: await rowCount(), files: fileCount() }).toEqual(before);
    });
  }

  it("answers in German when the caller's language is German", async () => {
    const generated = await makeImage(customerId, "GENERATED");
    const res = await call<ErrorBody>(edited.POST, {
      method: "POST",
      body: editedForm(await jpeg(), generated.id),
      cookie: `${await loginAs("customer")}; NEXT_LOCALE=de`,
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("Das bearbeitete Bild muss eine PNG-Datei sein");
  });
});
