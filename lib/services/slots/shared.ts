import "server-only";
import { pgErrorCode } from "@/lib/errors";
import { violatedConstraint } from "../list-query";

/** The unique index that keeps slot type positions apart (db/schema/prompts.ts). */
export const SLOT_POSITION_UNIQUE = "slot_types_position_unique";

export function isPositionTaken(err: unknown): boolean {
  return pgErrorCode(err) === "23505" && violatedConstraint(err) === SLOT_POSITION_UNIQUE;
}
