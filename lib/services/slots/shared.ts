import "server-only";
import { pgErrorCode } from "@/lib/errors";

/** `%`, `_` and `\` typed by the admin are searched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The violated constraint's name, as postgres.js (`constraint_name`) or PGlite (`constraint`) reports it. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { constraint_name, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    const name = constraint_name ?? constraint;
    if (typeof name === "string" && name) return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The unique index that keeps slot type positions apart (db/schema/prompts.ts). */
export const SLOT_POSITION_UNIQUE = "slot_types_position_unique";

export function isPositionTaken(err: unknown): boolean {
  return pgErrorCode(err) === "23505" && violatedConstraint(err) === SLOT_POSITION_UNIQUE;
}
