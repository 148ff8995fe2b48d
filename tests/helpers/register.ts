import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { outgoingMail } from "@/db/schema";
import * as registerRoute from "@/app/api/auth/register/route";
import * as confirmRoute from "@/app/api/auth/register/confirm/route";
import { flushAfterResponse } from "@/lib/request-context/after-response";
import { call, type CallResult } from "./api";
import { deliveredMail } from "./mail";

export async function confirmationToken(email: string): Promise<string | null> {
  await flushAfterResponse();
  const mails = await (
    await getDb()
  )
    .select({ id: outgoingMail.id, text: outgoingMail.text })
    .from(outgoingMail)
    .where(eq(outgoingMail.to, email.trim().toLowerCase()))
    .orderBy(desc(outgoingMail.id));
  // The stored mail holds a placeholder; the token is in the mail as delivered.
  const mail = mails.find((m) => m.text.includes("/confirm-registration?token="));
  return mail ? (/\/confirm-registration\?token=([A-Za-z0-9_-]+)/.exec(deliveredMail(mail.id))?.[1] ?? null) : null;
}

export async function registerCustomer<T = Record<string, unknown>>(
  body: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers = { ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}), ...opts.headers };
  const res = await call<T>(registerRoute.POST, { method: "POST", path: "/api/auth/register", body, headers });
  if (res.status !== 202) return res;
  const email = String((body as { email?: unknown }).email ?? "");
  const token = await confirmationToken(email);
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return call<T>(confirmRoute.POST, {
    method: "POST",
    path: "/api/auth/register/confirm",
    body: { token, password: (body as { password?: unknown }).password },
    headers,
  });
}
