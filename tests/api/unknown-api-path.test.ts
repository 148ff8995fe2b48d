import { describe, expect, it } from "vitest";
import * as unknownPath from "@/app/api/[...path]/route";
import { call } from "../helpers/api";

type ErrorBody = { message: string; requestId: string };
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const handlers: Record<string, Handler | undefined> = {
  GET: unknownPath.GET,
  POST: unknownPath.POST,
  PUT: unknownPath.PUT,
  PATCH: unknownPath.PATCH,
  DELETE: unknownPath.DELETE,
};

describe("an unknown /api path", () => {
  for (const path of ["/api/nope", "/api/user/nope/deeper"]) {
    for (const method of ["GET", "POST", "DELETE"]) {
      it(`${method} ${path} answers the JSON 404 envelope`, async () => {
        const handler = handlers[method];
        expect(handler, method).toBeTypeOf("function");
        const res = await call<ErrorBody>(handler as Handler, {
          method,
          path,
          params: { path: path.split("/").slice(2) } as unknown as Record<string, string>,
          body: method === "POST" ? { any: "thing" } : undefined,
        });
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.body.message).toBe("Not found");
        expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
      });
    }
  }

  it("speaks the caller's language", async () => {
    const res = await call<ErrorBody>(unknownPath.GET, { path: "/api/nope", headers: { "accept-language": "de" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Nicht gefunden");
  });

  it("answers PUT and PATCH alike", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const res = await call<ErrorBody>(handlers[method] as Handler, { method, path: "/api/nope", body: {} });
      expect(res.status, method).toBe(404);
      expect(res.body.message, method).toBe("Not found");
    }
  });
});
