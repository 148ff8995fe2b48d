import "server-only";
import { getDbHandle, setDbOpener, type DbHandle } from "@/db/client";
import { openStartedDb } from "./database";

/**
 * The server's start-up (instrumentation.ts): from here on, the first getDb() of this process opens
 * the configured database, migrates it and seeds a new one (see startUpDb), exactly once per process;
 * every later call shares that handle. Returns the ready handle.
 */
export function bootstrap(): Promise<DbHandle> {
  setDbOpener(openStartedDb);
  return getDbHandle();
}
