import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as item from "@/app/api/user/images/[imageId]/route";
import { getDb } from "@/db/client";
import { prompts, users, type ImageType } from "@/db/schema";
import { resetStorage } from "@/lib/integrations/storage";
import { storeImage } from "@/lib/services/images";
import { userImageDetailResponse, type UserImageDetailDto } from "@/lib/schemas/user-images";
import { call, cookieFor, cookieFrom, type Role } from "../helpers/api";
import { TEST_USERS, tempDir } from "../helpers/test-db";

type ErrorBody = { message: string };

let customerId: number;
let popArt: { id: number; title: string };
let guestCookie: string;

beforeAll(async () => {
  process.env.STORAGE_DIR = tempDir("shop-test-user-image-detail-");
  resetStorage();
  const db = await getDb();
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_USERS.customer.email));
  const [prompt] = await db.select({ id: prompts.id, title: prompts.title }).from(prompts).where(eq(prompts.promptNumber, "P-001"));
  if (!customer || !prompt) throw new Error("seed data");
  customerId = customer.id;
  popArt = prompt;
  const reg = await call((await import("@/app/api/auth/register/route")).POST, {
    method: "POST",
    body: { email: "guest-detail@example.com", guest: true },
  });
  guestCookie = cookieFrom(reg);
});

async function makeImage(ownerId: number | null, type: ImageType, promptId: number | null = null) {
  const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return storeImage({ bytes, use: type === "CATALOGUE" ? "catalogue" : "generated", format: "png", type, ownerId, promptId });
}

async function detail(imageId: number | string, role: Role | "guest") {
  const cookie = role === "guest" ? guestCookie : await cookieFor(role);
  return call<UserImageDetailDto & ErrorBody>(item.GET, {
    path: `/api/user/images/${imageId}`,
    params: { imageId: String(imageId) },
    cookie,
  });
}

describe("GET /api/user/images/{imageId}", () => {
  it("the owner gets the image with its prompt; everybody else 404 (admins too), anonymous 401", async () => {
    const generated = await makeImage(customerId, "GENERATED", popArt.id);
    const own = await detail(generated.id, "customer");
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(userImageDetailResponse.safeParse(own.body).success).toBe(true);
    expect(own.body).toMatchObject({
      id: generated.id,
      type: "GENERATED",
      url: `/api/images/${generated.id}`,
      width: 60,
      height: 40,
      promptId: popArt.id,
      promptTitle: popArt.title,
    });

    for (const [role, status] of [
      ["other", 404],
      ["admin", 404],
      ["guest", 404],
      ["anonymous", 401],
    ] as const) {
      const res = await detail(generated.id, role);
      expect(res.status, role).toBe(status);
      expect(res.body.message).toBe(status === 404 ? "Not found" : "Authentication required");
    }
  });

  it("an uploaded image has no prompt; a guest sees their own images", async () => {
    const [guestRow] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, "guest-detail@example.com"));
    if (!guestRow) throw new Error("guest registered");
    const uploaded = await makeImage(guestRow.id, "UPLOADED");
    const res = await detail(uploaded.id, "guest");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: uploaded.id, type: "UPLOADED", promptId: null, promptTitle: null });
    expect((await detail(uploaded.id, "customer")).status).toBe(404);
  });

  it("catalogue, anonymous visitors' and unknown images → 404; a malformed id → 404", async () => {
    const catalogue = await storeImage({
      bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      use: "catalogue",
      format: "webp",
      type: "CATALOGUE",
      ownerId: null,
    });
    const anonymous = await makeImage(null, "GENERATED");
    for (const id of [catalogue.id, anonymous.id, 999999, "abc", "-1", "1.5"]) {
      expect((await detail(id, "customer")).status, String(id)).toBe(404);
    }
  });
});
