import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import * as contentRoute from "@/app/api/admin/mail/[mailId]/content/route";
import { call, cookieFor, type Role } from "../helpers/api";

async function content(mailId: number | string, format?: string, who: Role = "admin") {
  return call<string>(contentRoute.GET, {
    path: `/api/admin/mail/${mailId}/content${format ? `?format=${format}` : ""}`,
    params: { mailId: String(mailId) },
    cookie: await cookieFor(who),
  });
}

async function mail(html: string | null) {
  const [row] = await (
    await getDb()
  )
    .insert(outgoingMail)
    .values({ to: "anna@example.com", subject: "Ihre Bestellung", text: "Hallo Anna,\nvielen Dank.", html, status: "sent" })
    .returning();
  if (!row) throw new Error("mail inserted");
  return row.id;
}

describe("GET /api/admin/mail/{mailId}/content – the mail as it was sent", () => {
  it("anonymous 401, customer 403; unknown 404, bad id and format 4xx", async () => {
    const id = await mail("<p>Hallo</p>");
    expect((await content(id, undefined, "anonymous")).status).toBe(401);
    expect((await content(id, undefined, "customer")).status).toBe(403);
    expect((await content(999_999)).status).toBe(404);
    expect((await content(id, "pdf")).status).toBe(422);
    expect([404, 422]).toContain((await content("abc")).status);
  });

  it("the HTML in a sandbox (nothing in it runs or loads); the plain text on request or when there is no HTML", async () => {
    const id = await mail("<p>Hallo <b>Anna</b></p><script>alert(1)</script>");
    const html = await content(id);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    expect(html.headers.get("cache-control")).toBe("private, no-store");
    expect(html.body).toContain("<p>Hallo <b>Anna</b></p>");
    const text = await content(id, "text");
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.body).toBe("Hallo Anna,\nvielen Dank.");
    const textOnly = await content(await mail(null));
    expect(textOnly.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});
