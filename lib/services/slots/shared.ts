import "server-only";
import { pgErrorCode } from "@/lib/errors";
import { violatedConstraint } from "../list-query";

export const SLOT_POSITION_UNIQUE = "slot_types_position_unique";

export function isPositionTaken(err: unknown): boolean {
  return pgErrorCode(err) === "23505" && violatedConstraint(err) === SLOT_POSITION_UNIQUE;
}
