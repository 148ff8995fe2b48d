export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
  requestId?: string;
}

export type ClientMessageKey = "authenticationRequired" | "httpError" | "unknownError" | "networkError" | "fetchFailed";
export type Translate = (key: ClientMessageKey, values?: Record<string, string | number>) => string;

const english: Translate = (key, values) =>
  ({
    authenticationRequired: "Authentication required",
    httpError: `HTTP error! status: ${values?.code ?? ""}`,
    unknownError: "An error occurred",
    networkError: "The server could not be reached. Please check your connection.",
    fetchFailed: "Failed to fetch data",
  })[key];

let translateMessage: Translate = english;
export function setApiClientTranslator(t: Translate): void {
  translateMessage = t;
}

export function clientMessage(key: ClientMessageKey, values?: Record<string, string | number>): string {
  return translateMessage(key, values);
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function joinFieldErrors(errors: Record<string, string> | undefined): string {
  return errors
    ? Object.entries(errors)
        .map(([field, msg]) => `${field}: ${msg}`)
        .join(", ")
    : "";
}

export function errorMessage(status: number, body: ApiErrorBody | null): string {
  let message: string;
  if (status === 401 || status === 403) message = body?.message || translateMessage("authenticationRequired");
  else message = body?.message || (status ? translateMessage("httpError", { code: status }) : translateMessage("unknownError"));
  const fields = joinFieldErrors(body?.errors);
  return fields ? `${message}: ${fields}` : message;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  redirectOnAuthError?: boolean;
}

function redirectToLogin(): void {
  if (typeof window === "undefined") return;
  const { pathname, search } = window.location;
  if (pathname === "/login") return;
  // Outside React there is no router: a full navigation also drops every piece of client state.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?callbackUrl=${encodeURIComponent(pathname + search)}`);
}

export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== "undefined" && opts.body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined && !isForm) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? "GET",
      credentials: "include",
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new HttpError(translateMessage("networkError"), 0);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  const payload: unknown = type.includes("application/json") ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    const body = (payload && typeof payload === "object" ? payload : null) as ApiErrorBody | null;
    if ((res.status === 401 || res.status === 403) && opts.redirectOnAuthError !== false) redirectToLogin();
    throw new HttpError(errorMessage(res.status, body), res.status, body?.errors, body?.requestId);
  }
  return payload as T;
}
