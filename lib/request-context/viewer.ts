import type { Role } from "@/db/schema";

export interface Viewer {
  user: { id: number };
  roles: readonly Role[];
}

/** A viewer whose address the service needs (audit trails, account checks). */
export interface ViewerWithEmail extends Viewer {
  user: { id: number; email: string };
}
