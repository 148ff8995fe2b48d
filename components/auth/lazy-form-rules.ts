import { lazyModule } from "@/lib/lazy-module";

/** form-rules.ts (zod and the account schemas), loaded when an account form is first used (its first focus or submit). */
export const accountFormRules = lazyModule(() => import("./form-rules"));
