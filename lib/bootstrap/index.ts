import "server-only";
import { getDbHandle, setDbOpener, type DbHandle } from "@/db/client";
import { openStartedDb } from "./database";

/** From here on the first getDb() of the process opens, migrates and seeds the configured database exactly once. */
export function bootstrap(): Promise<DbHandle> {
  setDbOpener(openStartedDb);
  return getDbHandle();
}
