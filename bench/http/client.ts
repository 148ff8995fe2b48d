export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly label: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request<T = unknown>(method: string, path: string, opts: { json?: unknown; form?: FormData; expect?: number } = {}): Promise<T> {
    const headers: Record<string, string> = { "accept-language": "en", origin: this.baseUrl };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(120_000) });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    const expected = opts.expect ?? 200;
    if (res.status !== expected) {
      throw new Error(`setup (${this.label}): ${method} ${path} answered ${res.status}, expected ${expected}: ${text.slice(0, 400)}`);
    }
    const type = res.headers.get("content-type") ?? "";
    return (type.includes("json") ? JSON.parse(text) : text) as T;
  }
}

export async function probe(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: number; text: string }> {
  const res = await fetch(url, {
    headers: { "accept-encoding": "identity", ...headers },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes: buf.length, text: buf.toString("utf8") };
}
