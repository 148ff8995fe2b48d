import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError, forbidden, isServiceUnreachable, isStillReferenced, pgErrorCode, unauthenticated, zodFieldErrors } from "@/lib/errors";
import { localeFromCookieHeader, type Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/messages";
import { getRequestSession, type Session } from "@/lib/auth/session";
import { can, type Permission } from "@/lib/domain/permissions";
import { logger } from "@/lib/logger";
import { twoFactorSetupBlocks } from "@/lib/services/two-factor";
import { mediaType, readBodyLimited } from "./body";
import { isCrossSiteRequest } from "./same-origin";

export type Access = "public" | "user" | "admin";

const MAX_JSON_BYTES = 1024 * 1024;

type Ctx<A extends Access, P, Q, B> = {
  req: Request;
  params: P;
  query: Q;
  body: B;
  session: A extends "public" ? Session | null : Session;
  locale: Locale;
  requestId: string;
};

type Options<A extends Access, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  access: A;
  permission?: A extends "admin" ? Permission : never;
  withSession?: boolean;
  twoFactorSetup?: boolean;
  params?: P;
  query?: Q;
  body?: B;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

export function route<
  A extends Access,
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
>(
  opts: Options<A, P, Q, B>,
  handler: (ctx: Ctx<A, z.output<P>, z.output<Q>, z.output<B>>) => Promise<unknown>,
): (req: Request, context: NextContext) => Promise<Response> {
  return async (req, context) => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const locale = localeFromCookieHeader(req.headers.get("cookie"), req.headers.get("accept-language"));
    try {
      // Before the session is even looked up: a cross-site page must not act with the visitor's cookie.
      if (isCrossSiteRequest(req)) throw new ApiError(403, "errors.crossSite");
      const session = opts.access !== "public" || opts.withSession ? await getRequestSession(req) : null;
      if (opts.access !== "public") {
        if (!session) throw unauthenticated();
        if (opts.access === "admin" && !can(session.roles, opts.permission ?? null)) throw forbidden();
        if (opts.access === "admin" && !opts.twoFactorSetup && (await twoFactorSetupBlocks(session.user.id, session.roles)))
          throw new ApiError(403, "errors.twoFactorSetupRequired");
      }
      const params = parseOrThrow(opts.params, (await context?.params) ?? {}, 404);
      const query = parseOrThrow(opts.query, Object.fromEntries(new URL(req.url).searchParams), 422);
      const raw = opts.body ? await readJson(req) : undefined;
      const body = opts.body ? parseOrThrow(opts.body, raw, 422) : undefined;
      refuseNul(raw);
      const result = await handler({
        req,
        params,
        query,
        body,
        session: session as Ctx<A, unknown, unknown, unknown>["session"],
        locale,
        requestId,
      } as Ctx<A, z.output<P>, z.output<Q>, z.output<B>>);
      const res = result instanceof Response ? result : Response.json(result ?? null);
      res.headers.set("x-request-id", requestId);
      return res;
    } catch (err) {
      return errorResponse(err, { requestId, locale, method: req.method, url: req.url });
    }
  };
}

export function created(data: unknown): Response {
  return Response.json(data, { status: 201 });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

function parseOrThrow<S extends z.ZodType | undefined>(schema: S, input: unknown, status: number) {
  if (!schema) return input as never;
  // reportInput keeps issue.input, so issueKey can tell a missing field ("required") from a wrong type ("invalid").
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  if (status === 404) throw new ApiError(404, "errors.notFound");
  throw new ApiError(422, "errors.validationFailed", zodFieldErrors(parsed.error));
}

async function readJson(req: Request): Promise<unknown> {
  if (mediaType(req.headers.get("content-type")) !== "application/json") throw new ApiError(415, "errors.jsonRequired");
  const text = new TextDecoder().decode(await readBodyLimited(req, MAX_JSON_BYTES));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "errors.invalidJson");
  }
  return value;
}

function refuseNul(raw: unknown): void {
  const withNul = nulPaths(raw, []);
  if (withNul.length)
    throw new ApiError(
      422,
      "errors.validationFailed",
      Object.fromEntries(withNul.map((p) => [p || "body", "validation.controlCharacters"])),
    );
}

/** PostgreSQL cannot store U+0000 in text: each string holding it is refused for its field before any schema sees it. */
function nulPaths(value: unknown, path: string[]): string[] {
  if (typeof value === "string") return value.includes("\u0000") ? [path.join(".")] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => nulPaths(inner, [...path, key]));
}

const SERVICE_RETRY_AFTER_SECONDS = 5;

type ErrorContext = { requestId: string; locale: Locale; method: string; url: string };

export function errorResponse(err: unknown, ctx: ErrorContext): Response {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof z.ZodError) apiError = new ApiError(422, "errors.validationFailed", zodFieldErrors(err));
  else {
    const code = pgErrorCode(err);
    if (code === "23505") apiError = new ApiError(409, "errors.conflict");
    else if (isStillReferenced(err)) apiError = new ApiError(409, "errors.inUse");
    else if (code === "23514" || code === "22003" || code === "22P02" || code === "22021" || code === "22P05")
      apiError = new ApiError(422, "errors.validationFailed");
    else if (isServiceUnreachable(err)) {
      logger.warn("service unreachable", {
        requestId: ctx.requestId,
        method: ctx.method,
        url: ctx.url,
        err: err instanceof Error ? err.message : String(err),
      });
      apiError = new ApiError(503, "errors.serviceUnavailable", undefined, { retryAfter: SERVICE_RETRY_AFTER_SECONDS });
    } else {
      logger.error("request failed", { requestId: ctx.requestId, method: ctx.method, url: ctx.url, err });
      apiError = new ApiError(500, "errors.internal");
    }
  }
  const body: { message: string; errors?: Record<string, string>; requestId: string } = {
    message: translate(ctx.locale, apiError.key, apiError.params),
    requestId: ctx.requestId,
  };
  if (apiError.fieldErrors && Object.keys(apiError.fieldErrors).length) {
    body.errors = Object.fromEntries(Object.entries(apiError.fieldErrors).map(([field, key]) => [field, translate(ctx.locale, key)]));
  }
  const headers: Record<string, string> = { "x-request-id": ctx.requestId };
  if ((apiError.status === 429 || apiError.status === 503) && apiError.params?.retryAfter)
    headers["retry-after"] = String(apiError.params.retryAfter);
  return Response.json(body, { status: apiError.status, headers });
}
