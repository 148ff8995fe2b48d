import { resetEnvCache } from "@/lib/env";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loginAs } from "../helpers/api";
import { TEST_USERS } from "../helpers/test-db";
import { getDb } from "@/db/client";
import { images } from "@/db/schema";
import { SHIRT_ARTICLE } from "@/db/seed-data";
import {
  KEY,
  NOT_ALLOWED,
  articleId,
  base,
  catalogueUrl,
  expectPrintLayout,
  generate,
  hits,
  insertImage,
  insertMug,
  mugId,
  ownImageId,
  sample,
  setupPdfFixtures,
  solid,
  userId,
} from "../helpers/pdf";

setupPdfFixtures();

describe("POST /api/public/pdf/generate – image URLs: only this shop's images, never fetched", () => {
  it("a URL of the configured public origin (AUTH_URL) is accepted — and still nothing is fetched", async () => {
    const previous = process.env.AUTH_URL;
    process.env.AUTH_URL = base; // even pointing at the recording server, the URL only names an image
    resetEnvCache();
    try {
      const res = await generate({ mugId, imageUrl: `${base}/api/images/${ownImageId}` }, { cookie: await loginAs("customer") });
      expect(res.status).toBe(200);
      expectPrintLayout(res.bytes, sample);
    } finally {
      if (previous === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = previous;
      resetEnvCache();
    }
    expect(hits).toEqual([]);
  });

  const refused = (id: () => number): (() => string)[] => [
    // the recording server, directly and through redirects, in several spellings
    () => `${base}/api/images/${id()}`,
    () => `${base}/redirect`,
    () => `${base}/redirect?to=/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "localhost")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "127.1")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "2130706433")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "0x7f000001")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "[::1]")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "[::ffff:127.0.0.1]")}/api/images/${id()}`,
    () => `${base.replace("127.0.0.1", "localtest.me")}/api/images/${id()}`,
    () => `${base.replace("http://", "http://localhost@")}/api/images/${id()}`,
    () => `${base}#@localhost/api/images/${id()}`,
    () => `${base}\\@localhost/api/images/${id()}`,
    () => `http://localhost\\@${base.slice("http://".length)}/api/images/${id()}`,
    () => `${base.replace("http:", "")}/api/images/${id()}`,
    () => `/\\${base.slice("http://".length)}/api/images/${id()}`,
    () => `/api/images/${id()}?redirect=${base}/redirect`,
    () => `http://localhost/api/images/${id()}?next=${encodeURIComponent(base)}`,
    () => `http://localhost/api/auth/login?callbackUrl=${base}/redirect`,
    // other hosts, schemes, metadata and private addresses
    () => `http://evil.example/api/images/${id()}`,
    () => `http://localhost.evil.example/api/images/${id()}`,
    () => `https://localhost/api/images/${id()}`,
    () => `http://localhost:8080/api/images/${id()}`,
    () => `http://127.0.0.1/api/images/${id()}`,
    () => `http://169.254.169.254/latest/meta-data/iam/security-credentials/`,
    () => `http://169.254.169.254/api/images/${id()}`,
    () => `http://metadata.google.internal/api/images/${id()}`,
    () => `http://10.0.0.1/api/images/${id()}`,
    () => `http://192.168.1.1/api/images/${id()}`,
    () => `http://[::1]/api/images/${id()}`,
    () => `file:///etc/passwd`,
    () => `file://localhost/api/images/${id()}`,
    () => `data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD`,
    () => `javascript:alert(1)//api/images/${id()}`,
    () => `ftp://localhost/api/images/${id()}`,
    // userinfo, encoded paths, backslashes, dot segments, other queries
    () => `http://localhost@evil.example/api/images/${id()}`,
    () => `http://evil.example@localhost/api/images/${id()}`,
    () => `/api/images/%2e%2e/${id()}`,
    () => `/api/images/%2e%2e%2f..%2fadmin`,
    () => `/api/images/%3${String(id()).slice(0, 1)}`,
    () => `\\api\\images\\${id()}`,
    () => `/api\\images/${id()}`,
    () => `/api/images/${id()}/../${id()}`,
    () => `/api/images/./${id()}`,
    () => `/api/images/${id()}/`,
    () => `/api/images/0${id()}`,
    () => `/api/images/${id()}?x=1`,
    () => `/api/images/${id()}?key=${KEY}&x=1`,
    () => `/api/images/${id()}#frag`,
    () => ` /api/images/${id()}`,
    () => `/api/images/${id()}\n`,
    () => `http://ｌocalhost/api/images/${id()}`,
    () => `api/images/${id()}`,
    () => `/api/images/0`,
    () => `/api/images/2147483648`,
  ];

  it("every other URL form → 400 with the message, and the recording server gets no request at all", async () => {
    const cookie = await loginAs("customer");
    for (const make of refused(() => ownImageId)) {
      const imageUrl = make();
      const res = await generate({ mugId, imageUrl }, { cookie });
      expect(res.status, imageUrl).toBe(400);
      expect(res.json, imageUrl).toEqual({ message: NOT_ALLOWED, requestId: expect.any(String) });
    }
    // Wait a moment: a fire-and-forget request would arrive after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hits).toEqual([]);
  });

  it("the refusal is translated: German caller", async () => {
    const res = await generate({ mugId, imageUrl: `${base}/api/images/1` }, { headers: { cookie: "NEXT_LOCALE=de" } });
    expect(res.status).toBe(400);
    expect(res.json?.message).toBe("Die Bild-URL muss auf ein Bild verweisen, das in diesem Shop gespeichert ist");
  });

  it("the recording server does answer when asked directly (so zero hits above means zero requests)", async () => {
    const res = await fetch(`${base}/probe`);
    expect(res.status).toBe(200);
    expect(hits).toEqual(["GET /probe"]);
    hits.length = 0;
  });
});

describe("POST /api/public/pdf/generate – access to the image: someone else's is 404 like an unknown one", () => {
  const cases: { who: "anonymous" | "other"; title: string }[] = [
    { who: "anonymous", title: "anonymous caller" },
    { who: "other", title: "another customer" },
  ];
  for (const { who, title } of cases) {
    it(`a customer's private image, ${title} → 404 Not found`, async () => {
      const cookie = who === "anonymous" ? undefined : await loginAs(who);
      const res = await generate({ mugId, imageUrl: `/api/images/${ownImageId}` }, { cookie });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Not found" });
    });
  }

  it("unknown image id → the same 404", async () => {
    const res = await generate({ mugId, imageUrl: "/api/images/999999" }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: "Not found" });
  });

  it("an image row whose file is missing in storage → 404, never 500", async () => {
    const id = await insertImage(await solid(10, 10, "#000").jpeg().toBuffer(), {
      ownerId: await userId(TEST_USERS.customer.email),
      writeFile: false,
    });
    const res = await generate({ mugId, imageUrl: `/api/images/${id}` }, { cookie: await loginAs("customer") });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/public/pdf/generate – the mug must be an active mug", () => {
  it("unknown mug, inactive mug, mug without details, shirt article → 404 Invalid mug ID", async () => {
    const inactive = await insertMug("Mug test inactive", false, sample);
    const noDetails = await insertMug("Mug test no details", true, null);
    const shirt = await articleId(SHIRT_ARTICLE.articleNumber);
    for (const id of [999999, inactive, noDetails, shirt]) {
      const res = await generate({ mugId: id, imageUrl: catalogueUrl });
      expect(res.status, String(id)).toBe(404);
      expect(res.json, String(id)).toEqual({ message: "Invalid mug ID", requestId: expect.any(String) });
    }
  });

  it("answers in German: Ungültige Tassen-ID", async () => {
    const res = await generate({ mugId: 999999, imageUrl: catalogueUrl }, { headers: { "accept-language": "de-DE" } });
    expect(res.status).toBe(404);
    expect(res.json?.message).toBe("Ungültige Tassen-ID");
  });
});

describe("POST /api/public/pdf/generate – bad bodies → 4xx with the field map, never 500", () => {
  const rows: { title: string; body: () => unknown; fields: Record<string, string> }[] = [
    { title: "empty object", body: () => ({}), fields: { mugId: "Mug ID is required", imageUrl: "Image URL is required" } },
    { title: "mugId missing", body: () => ({ imageUrl: catalogueUrl }), fields: { mugId: "Mug ID is required" } },
    { title: "mugId null", body: () => ({ mugId: null, imageUrl: catalogueUrl }), fields: { mugId: "Mug ID is required" } },
    {
      title: "mugId a string",
      body: () => ({ mugId: String(mugId), imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId zero",
      body: () => ({ mugId: 0, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId negative",
      body: () => ({ mugId: -3, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId fractional",
      body: () => ({ mugId: 1.5, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId too large",
      body: () => ({ mugId: 2 ** 31, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    {
      title: "mugId boolean",
      body: () => ({ mugId: true, imageUrl: catalogueUrl }),
      fields: { mugId: "Mug ID must be a positive whole number" },
    },
    { title: "imageUrl missing", body: () => ({ mugId }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl null", body: () => ({ mugId, imageUrl: null }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl empty", body: () => ({ mugId, imageUrl: "" }), fields: { imageUrl: "Image URL is required" } },
    { title: "imageUrl a number", body: () => ({ mugId, imageUrl: 42 }), fields: { imageUrl: "Invalid value" } },
    { title: "imageUrl an object", body: () => ({ mugId, imageUrl: { uri: catalogueUrl } }), fields: { imageUrl: "Invalid value" } },
    { title: "imageUrl an array", body: () => ({ mugId, imageUrl: [catalogueUrl] }), fields: { imageUrl: "Invalid value" } },
    {
      title: "imageUrl too long",
      body: () => ({ mugId, imageUrl: `/api/images/1?key=${"k".repeat(2040)}` }),
      fields: { imageUrl: "Image URL must be at most 2048 characters" },
    },
    { title: "body null", body: () => null, fields: { _: "This field is required" } },
    { title: "body an array", body: () => [mugId, catalogueUrl], fields: { _: "Invalid value" } },
    { title: "body a string", body: () => "generate", fields: { _: "Invalid value" } },
  ];
  for (const row of rows) {
    it(`${row.title} → 422 with the field messages`, async () => {
      const res = await generate(row.body());
      expect(res.status).toBe(422);
      expect(res.json?.message).toBe("Validation failed");
      expect(res.json?.errors).toEqual(row.fields);
    });
  }

  it("German field messages", async () => {
    const res = await generate({ mugId: "x" }, { headers: { "accept-language": "de" } });
    expect(res.json?.errors).toEqual({ mugId: "Die Tassen-ID muss eine positive ganze Zahl sein", imageUrl: "Bild-URL ist erforderlich" });
  });

  it("a 2048-character URL passes validation and is then refused as not ours (400)", async () => {
    const imageUrl = `http://evil.example/${"a".repeat(2048 - "http://evil.example/".length)}`;
    expect(imageUrl).toHaveLength(2048);
    const res = await generate({ mugId, imageUrl });
    expect(res.status).toBe(400);
  });

  it("malformed JSON → 400, a non-JSON content type → 415", async () => {
    const bad = await generate('{"mugId": 1, imageUrl: ', { raw: true });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "The request body is not valid JSON" });
    const form = await generate("mugId=1&imageUrl=/api/images/1", {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ message: "The request body must be JSON" });
  });
});

describe("POST /api/public/pdf/generate – rate limit per client address", () => {
  it("after PDF_PER_HOUR rendered files the client gets 429; refused URLs do not count; other clients are unaffected", async () => {
    process.env.PDF_PER_HOUR = "2";
    resetEnvCache();
    try {
      const mugId = await articleId("MUG-001");
      const db = await getDb();
      const [img] = await db.select({ id: images.id }).from(images).where(eq(images.type, "CATALOGUE")).limit(1);
      if (!img) throw new Error("catalogue image");
      const ip = { "x-forwarded-for": "198.51.100.200" };
      expect((await generate({ mugId, imageUrl: "http://evil.example/x.png" }, { headers: ip })).status).toBe(400);
      expect((await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip })).status).toBe(200);
      expect((await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip })).status).toBe(200);
      const limited = await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: ip });
      expect(limited.status).toBe(429);
      expect(limited.json?.message).toBe("Too many print files requested. Please try again later.");
      expect(
        (await generate({ mugId, imageUrl: `/api/images/${img.id}` }, { headers: { "x-forwarded-for": "198.51.100.201" } })).status,
      ).toBe(200);
    } finally {
      delete process.env.PDF_PER_HOUR;
      resetEnvCache();
    }
  });
});
