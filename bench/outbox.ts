import fs from "node:fs";
import path from "node:path";

/** Sign-up only mails a link: the bench reads it from the shop's outbox, as the customer would from their inbox. */
export async function mailedToken(dataDir: string, email: string, page: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")) : []) {
      const raw = fs.readFileSync(path.join(outbox, file), "latin1");
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const token = new RegExp(`/${page}\\?token=([^\\s"<>&]+)`).exec(text)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${page} mail to ${email} in ${outbox}`);
}
