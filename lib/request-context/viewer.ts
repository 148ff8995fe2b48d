import type { Role } from "@/db/schema";

export interface Viewer {
  user: { id: number };
  roles: readonly Role[];
}
