import "server-only";
import { getDbHandle, setDbOpener, type DbHandle } from "@/db/client";
import { openStartedDb } from "./database";

export function bootstrap(): Promise<DbHandle> {
  setDbOpener(openStartedDb);
  return getDbHandle();
}
