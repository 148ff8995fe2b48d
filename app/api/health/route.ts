import { sql } from "drizzle-orm";
import { getDbHandle } from "@/db/client";
import { logger } from "@/lib/logger";

export async function GET(): Promise<Response> {
  const started = performance.now();
  try {
    const handle = await getDbHandle();
    await handle.db.execute(sql`select 1`);
    return Response.json(
      { status: "ok", database: { kind: handle.kind, reachable: true, latencyMs: Math.round(performance.now() - started) } },
      { headers: { "cache-control": "no-store" } },
    );
  } catch (err) {
    logger.error("health check failed", { err });
    return Response.json(
      { status: "unavailable", database: { reachable: false } },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  }
}
