import type { Role } from "@/db/schema";

/** Who asks, as a service needs it: the route or page resolves the session and passes this in. */
export interface Viewer {
  user: { id: number };
  roles: readonly Role[];
}
