import { TEST_USERS } from "./test-db";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(handler: Handler, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { "accept-language": "en", ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | FormData | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body; // fetch sets the multipart boundary itself
  } else if (opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(`http://localhost${opts.path ?? "/api/test"}`, { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON answer */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function cookieFrom(res: { headers: Headers }): string {
  const set = res.headers.get("set-cookie") ?? "";
  return set.split(";")[0] ?? "";
}

const cache = new Map<string, string>();
/** Test files share this module (isolate: false); each file signs in against its own database. */
export const forgetLogins = () => cache.clear();

export async function loginAs(who: keyof typeof TEST_USERS, fresh = false): Promise<string> {
  const cached = cache.get(who);
  if (cached && !fresh) return cached;
  const { POST } = await import("@/app/api/auth/login/route");
  const res = await call(POST, { method: "POST", path: "/api/auth/login", body: TEST_USERS[who] });
  if (res.status !== 200) throw new Error(`login as ${who} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = cookieFrom(res);
  cache.set(who, cookie);
  return cookie;
}

export type Role = "anonymous" | keyof typeof TEST_USERS;

export async function cookieFor(role: Role): Promise<string | undefined> {
  return role === "anonymous" ? undefined : loginAs(role);
}
