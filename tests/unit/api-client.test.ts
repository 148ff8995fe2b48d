import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MutationObserver } from "@tanstack/react-query";
import { apiFetch, errorMessage, HttpError, joinFieldErrors, setApiClientTranslator, type ApiErrorBody } from "@/lib/api-client/fetcher";
import { GC_TIME, gcTimeFor, makeQueryClient, shouldRetryQuery, STALE_TIME } from "@/lib/api-client/query-client";
import { sessionQuery, SIGNED_OUT } from "@/lib/api-client/session";
import { translate } from "@/lib/i18n/messages";

describe("errorMessage (spec section 8)", () => {
  const cases: { title: string; status: number; body: ApiErrorBody | null; expected: string }[] = [
    {
      title: "401 with a server message → the server's message",
      status: 401,
      body: { message: "Session expired" },
      expected: "Session expired",
    },
    { title: "401 without a body → Authentication required", status: 401, body: null, expected: "Authentication required" },
    {
      title: "403 with an empty message → Authentication required",
      status: 403,
      body: { message: "" },
      expected: "Authentication required",
    },
    {
      title: "403 with a server message → the server's message",
      status: 403,
      body: { message: "You do not have permission to do this" },
      expected: "You do not have permission to do this",
    },
    { title: "404 with a server message", status: 404, body: { message: "Not found" }, expected: "Not found" },
    { title: "500 without a body → HTTP error! status: 500", status: 500, body: null, expected: "HTTP error! status: 500" },
    { title: "502 with an empty object → HTTP error! status: 502", status: 502, body: {}, expected: "HTTP error! status: 502" },
    { title: "no status (network) and no body → An error occurred", status: 0, body: null, expected: "An error occurred" },
    { title: "no status but a message → the message", status: 0, body: { message: "Offline" }, expected: "Offline" },
    {
      title: "validation errors are appended as field: message joined by ', '",
      status: 422,
      body: { message: "Validation failed", errors: { email: "Invalid email format", password: "Password is required" } },
      expected: "Validation failed: email: Invalid email format, password: Password is required",
    },
    {
      title: "validation errors without a message follow the HTTP error text",
      status: 422,
      body: { errors: { phone: "Invalid phone number" } },
      expected: "HTTP error! status: 422: phone: Invalid phone number",
    },
    {
      title: "validation errors on 401 are appended too",
      status: 401,
      body: { errors: { token: "expired" } },
      expected: "Authentication required: token: expired",
    },
    { title: "an empty error map appends nothing", status: 400, body: { message: "Bad request", errors: {} }, expected: "Bad request" },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(errorMessage(c.status, c.body)).toBe(c.expected);
    });
  }

  it("joinFieldErrors keeps the server's field order", () => {
    expect(joinFieldErrors({ b: "2", a: "1" })).toBe("b: 2, a: 1");
    expect(joinFieldErrors(undefined)).toBe("");
  });

  it("the fallback texts follow the active language", () => {
    setApiClientTranslator((key, values) => translate("de", `apiClient.${key}`, values));
    try {
      expect(errorMessage(401, null)).toBe(translate("de", "apiClient.authenticationRequired"));
      expect(errorMessage(500, null)).toBe(translate("de", "apiClient.httpError", { code: 500 }));
      expect(errorMessage(500, null)).toContain("500");
      expect(errorMessage(0, null)).toBe(translate("de", "apiClient.unknownError"));
      expect(errorMessage(404, { message: "Nicht gefunden" })).toBe("Nicht gefunden");
    } finally {
      setApiClientTranslator((key, values) => translate("en", `apiClient.${key}`, values));
    }
    expect(errorMessage(500, null)).toBe("HTTP error! status: 500");
  });

  it("HttpError.isClientError is true for 4xx only", () => {
    expect(new HttpError("x", 400).isClientError).toBe(true);
    expect(new HttpError("x", 499).isClientError).toBe(true);
    expect(new HttpError("x", 500).isClientError).toBe(false);
    expect(new HttpError("x", 0).isClientError).toBe(false);
    expect(new HttpError("x", 302).isClientError).toBe(false);
  });
});

// apiFetch calls a relative URL as a browser would: the wrapper only makes it absolute for the local server.

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  accept: string | undefined;
  body: string;
}

const seen: Seen[] = [];
const inits: RequestInit[] = [];
let sessionMode: "ok" | "401" | "403" | "500" = "ok";

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const url = req.url ?? "";
    const entry: Seen = {
      method: req.method ?? "",
      url,
      contentType: req.headers["content-type"],
      accept: req.headers.accept,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    seen.push(entry);
    switch (url.split("?")[0]) {
      case "/api/echo":
        return json(res, 200, { ok: true, method: entry.method, query: url.split("?")[1] ?? null });
      case "/api/no-content":
        res.writeHead(204);
        return res.end();
      case "/api/plain-text":
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("hello");
      case "/api/validation":
        return json(res, 422, {
          message: "Validation failed",
          errors: { email: "Invalid email format", phone: "Invalid phone number" },
          requestId: "req-422",
        });
      case "/api/unauthorized":
        res.writeHead(401);
        return res.end();
      case "/api/forbidden":
        return json(res, 403, { message: "You do not have permission to do this", requestId: "req-403" });
      case "/api/not-found":
        return json(res, 404, { message: "Not found", requestId: "req-404" });
      case "/api/server-error-text":
        res.writeHead(500, { "content-type": "text/html" });
        return res.end("<h1>Internal Server Error</h1>");
      case "/api/server-error-broken-json":
        res.writeHead(502, { "content-type": "application/json" });
        return res.end('{"message": ');
      case "/api/json-array-error":
        return json(res, 400, ["not", "an", "object"]);
      case "/api/hang-up":
        return req.socket.destroy();
      case "/api/slow":
        return setTimeout(() => json(res, 200, { late: true }), 2_000).unref();
      case "/api/auth/session":
        if (sessionMode === "ok")
          return json(res, 200, {
            authenticated: true,
            user: { id: 1, email: "a@test.local", firstName: null, lastName: null, phone: null },
            roles: ["customer"],
          });
        if (sessionMode === "500") return json(res, 500, { message: "Database unavailable" });
        return json(res, Number(sessionMode), { message: "Authentication required" });
      default:
        return json(res, 404, { message: "no such test route" });
    }
  });
});

const realFetch = globalThis.fetch;
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init) inits.push(init);
    const target = typeof input === "string" && input.startsWith("/") ? `${origin}${input}` : input;
    return realFetch(target, init);
  }) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  inits.length = 0;
  sessionMode = "ok";
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

describe("apiFetch", () => {
  it("GET /api{path} with cookies included and JSON accepted; answers the parsed JSON", async () => {
    const data = await apiFetch<{ ok: boolean; method: string; query: string | null }>("/echo?x=1");
    expect(data).toEqual({ ok: true, method: "GET", query: "x=1" });
    expect(seen[0]).toMatchObject({ method: "GET", url: "/api/echo?x=1", accept: "application/json", contentType: undefined, body: "" });
    expect(inits[0]?.credentials).toBe("include");
  });

  it("sends a JSON body with content-type application/json", async () => {
    await apiFetch("/echo", { method: "POST", body: { email: "a@test.local", qty: 2, nested: { ok: true } } });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.contentType).toBe("application/json");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ email: "a@test.local", qty: 2, nested: { ok: true } });
    expect(inits[0]?.credentials).toBe("include");
  });

  it("PUT and DELETE use their method; a falsy JSON body (0, false, null) is still sent", async () => {
    await apiFetch("/echo", { method: "PUT", body: 0 });
    await apiFetch("/echo", { method: "DELETE", body: null });
    expect(seen.map((s) => [s.method, s.body, s.contentType])).toEqual([
      ["PUT", "0", "application/json"],
      ["DELETE", "null", "application/json"],
    ]);
  });

  it("sends FormData as multipart without a JSON content type", async () => {
    const form = new FormData();
    form.append("promptId", "7");
    form.append("image", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "photo.png");
    await apiFetch("/echo", { method: "POST", body: form });
    const contentType = seen[0]?.contentType ?? "";
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(contentType).not.toContain("application/json");
    expect(seen[0]?.body).toContain('name="promptId"');
    expect(seen[0]?.body).toContain('filename="photo.png"');
    expect(inits[0]?.credentials).toBe("include");
  });

  it("204 → undefined", async () => {
    expect(await apiFetch("/no-content", { method: "DELETE" })).toBeUndefined();
  });

  it("a non-JSON success answer → null", async () => {
    expect(await apiFetch("/plain-text")).toBeNull();
  });

  it("422 → HttpError with status, field errors, request id and the joined message", async () => {
    const err = await rejection(apiFetch("/validation", { method: "POST", body: {} }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(422);
    expect(err.fieldErrors).toEqual({ email: "Invalid email format", phone: "Invalid phone number" });
    expect(err.requestId).toBe("req-422");
    expect(err.message).toBe("Validation failed: email: Invalid email format, phone: Invalid phone number");
    expect(err.isClientError).toBe(true);
  });

  it("401 without a body → HttpError 'Authentication required'; 403 → the server's message", async () => {
    const unauthorized = await rejection(apiFetch("/unauthorized"));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.message).toBe("Authentication required");
    const forbidden = await rejection(apiFetch("/forbidden"));
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe("You do not have permission to do this");
  });

  it("404 → the server's message", async () => {
    const err = await rejection(apiFetch("/not-found"));
    expect(err.status).toBe(404);
    expect(err.message).toBe("Not found");
    expect(err.fieldErrors).toBeUndefined();
  });

  it("500 with an HTML body, 502 with broken JSON, 400 with a JSON array → HTTP error! status: {code}", async () => {
    expect((await rejection(apiFetch("/server-error-text"))).message).toBe("HTTP error! status: 500");
    const broken = await rejection(apiFetch("/server-error-broken-json"));
    expect(broken.status).toBe(502);
    expect(broken.message).toBe("HTTP error! status: 502");
    expect((await rejection(apiFetch("/json-array-error"))).message).toBe("HTTP error! status: 400");
  });

  it("a connection failure → HttpError with status 0 and the network message", async () => {
    const err = await rejection(apiFetch("/hang-up"));
    expect(err.status).toBe(0);
    expect(err.message).toBe("The server could not be reached. Please check your connection.");
    expect(err.isClientError).toBe(false);
  });

  it("an aborted request rejects with the AbortError itself, not an HttpError", async () => {
    const controller = new AbortController();
    const pending = apiFetch("/slow", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await expect(pending).rejects.not.toBeInstanceOf(HttpError);
  });

  it("401/403 send the browser to /login remembering the page, unless told not to or already there", async () => {
    const assign = vi.fn();
    const location = { pathname: "/cart", search: "?step=2", assign };
    vi.stubGlobal("window", { location });
    await rejection(apiFetch("/unauthorized"));
    expect(assign).toHaveBeenCalledWith("/login?callbackUrl=%2Fcart%3Fstep%3D2");
    await rejection(apiFetch("/forbidden"));
    expect(assign).toHaveBeenCalledTimes(2);
    await rejection(apiFetch("/unauthorized", { redirectOnAuthError: false }));
    await rejection(apiFetch("/not-found"));
    await rejection(apiFetch("/validation"));
    expect(assign).toHaveBeenCalledTimes(2);
    location.pathname = "/login";
    location.search = "";
    await rejection(apiFetch("/unauthorized"));
    expect(assign).toHaveBeenCalledTimes(2);
  });
});

describe("shouldRetryQuery", () => {
  it("never retries a 4xx answer", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, new HttpError("x", status)), String(status)).toBe(false);
    }
  });

  it("retries other failures up to 2 times", () => {
    for (const error of [new HttpError("x", 500), new HttpError("x", 503), new HttpError("offline", 0), new Error("boom")]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(false);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });
});

describe("makeQueryClient", () => {
  it("defaults: fresh for 5 minutes, cached for 10 in the browser (never collected on the server), no refetch on focus, 4xx-aware retries", () => {
    expect(STALE_TIME).toBe(5 * 60 * 1000);
    expect(GC_TIME).toBe(10 * 60 * 1000);
    expect(gcTimeFor(false)).toBe(600_000);
    const { queries, mutations } = makeQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(300_000);
    // These tests run in Node, where React Query's isServer holds: no GC timers (tests/unit/query-client.test.ts).
    expect(queries?.gcTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    const retry = mutations?.retry;
    if (typeof retry !== "function") throw new Error("mutation retry is a function");
    expect(retry(0, new HttpError("x", 500))).toBe(true);
    expect(retry(1, new HttpError("x", 500))).toBe(false);
    expect(retry(0, new Error("network"))).toBe(true);
    expect(retry(0, new HttpError("x", 400))).toBe(false);
    expect(retry(0, new HttpError("x", 422))).toBe(false);
  });

  it("a failing query is retried up to 2 times, a 4xx not at all", async () => {
    const client = makeQueryClient();
    let serverCalls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ["t", 500],
        queryFn: () => {
          serverCalls++;
          throw new HttpError("down", 500);
        },
        retryDelay: 0,
      }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(serverCalls).toBe(3);
    let clientErrorCalls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ["t", 404],
        queryFn: () => {
          clientErrorCalls++;
          throw new HttpError("gone", 404);
        },
        retryDelay: 0,
      }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(clientErrorCalls).toBe(1);
  });

  it("a failing mutation is retried once, a 4xx not at all", async () => {
    const client = makeQueryClient();
    let calls = 0;
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        calls++;
        throw new HttpError("down", 503);
      },
      retryDelay: 0,
    });
    await expect(observer.mutate()).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(2);
    calls = 0;
    const clientError = new MutationObserver(client, {
      mutationFn: async () => {
        calls++;
        throw new HttpError("bad", 422);
      },
      retryDelay: 0,
    });
    await expect(clientError.mutate()).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(1);
  });

  it("failed queries toast their message (default 'Failed to fetch data'); 401/403 and meta.silent stay silent", async () => {
    const queryFailed = vi.fn();
    const mutationFailed = vi.fn();
    const client = makeQueryClient({ queryFailed, mutationFailed });
    const fail = (key: string, error: Error, meta?: Record<string, unknown>) =>
      client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error), retry: false, meta }).catch(() => undefined);
    await fail("a", new HttpError("Not found", 404));
    await fail("b", new Error(""));
    await fail("c", new HttpError("Authentication required", 401));
    await fail("d", new HttpError("Forbidden", 403));
    await fail("e", new HttpError("Down", 500), { silent: true });
    expect(queryFailed.mock.calls).toEqual([["Not found"], ["Failed to fetch data"]]);
    expect(mutationFailed).not.toHaveBeenCalled();
  });

  it("failed mutations toast their message (default 'An error occurred'); 401/403 and meta.silent stay silent", async () => {
    const queryFailed = vi.fn();
    const mutationFailed = vi.fn();
    const client = makeQueryClient({ queryFailed, mutationFailed });
    const fail = (error: Error, meta?: Record<string, unknown>) =>
      new MutationObserver(client, { mutationFn: () => Promise.reject(error), retry: false, meta }).mutate().catch(() => undefined);
    await fail(new HttpError("Validation failed: name: Name is required", 422));
    await fail(new Error(""));
    await fail(new HttpError("Authentication required", 401));
    await fail(new HttpError("Forbidden", 403));
    await fail(new HttpError("Conflict", 409), { silent: true });
    expect(mutationFailed.mock.calls).toEqual([["Validation failed: name: Name is required"], ["An error occurred"]]);
    expect(queryFailed).not.toHaveBeenCalled();
  });
});

describe("sessionQuery", () => {
  it("options: key ['session'], no retry, fresh for 30 seconds", () => {
    expect(sessionQuery.queryKey).toEqual(["session"]);
    expect(sessionQuery.retry).toBe(false);
    expect(sessionQuery.staleTime).toBe(30_000);
  });

  it("GET /api/auth/session: the answer is passed through", async () => {
    const data = await makeQueryClient().fetchQuery(sessionQuery);
    expect(data).toMatchObject({ authenticated: true, roles: ["customer"] });
    expect(seen.map((s) => s.url)).toEqual(["/api/auth/session"]);
    expect(inits[0]?.credentials).toBe("include");
  });

  it("401 and 403 mean signed out, without a redirect", async () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { pathname: "/admin", search: "", assign } });
    for (const mode of ["401", "403"] as const) {
      sessionMode = mode;
      expect(await makeQueryClient().fetchQuery(sessionQuery)).toEqual(SIGNED_OUT);
    }
    expect(assign).not.toHaveBeenCalled();
    expect(SIGNED_OUT).toEqual({ authenticated: false, user: null, roles: [] });
  });

  it("a server error is an error, and is not retried", async () => {
    sessionMode = "500";
    const err = await rejection(makeQueryClient().fetchQuery(sessionQuery));
    expect(err.status).toBe(500);
    expect(err.message).toBe("Database unavailable");
    expect(seen).toHaveLength(1);
  });
});
