import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

export function decodePart(part: string): string {
  const split = part.search(/\r?\n\r?\n/);
  if (split < 0) return part;
  const head = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export async function newestMailTo(to: string, outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox")): Promise<string | null> {
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), "utf8");
    const headerEnd = raw.search(/\r?\n\r?\n/);
    const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
    const toLine = /^to:(.*)$/im.exec(headers)?.[1] ?? "";
    if (!toLine.toLowerCase().includes(to.toLowerCase())) continue;
    return raw
      .split(/^--.*$/m)
      .map(decodePart)
      .join("\n");
  }
  return null;
}

export async function mailedLinkFor(email: string, page: string, opts: { notThis?: string; outbox?: string } = {}): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = await newestMailTo(email, opts.outbox);
      const found = mail ? new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[^\\s"<>]+`).exec(mail)?.[0] : undefined;
      link = found && found !== opts.notThis ? found : "";
      return link;
    })
    .not.toBe("");
  const url = new URL(link);
  return url.pathname + url.search;
}

export async function signUp(
  request: APIRequestContext,
  data: { email: string; password: string; firstName?: string; lastName?: string; phone?: string },
): Promise<void> {
  const res = await request.post("/api/auth/register", { data });
  expect(res.status(), await res.text()).toBe(202);
  const link = await mailedLinkFor(data.email, "confirm-registration");
  const token = new URL(link, "http://shop.invalid").searchParams.get("token");
  const confirmed = await request.post("/api/auth/register/confirm", { data: { token, password: data.password } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
}
