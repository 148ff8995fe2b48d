import { lazyModule } from "@/lib/lazy-module";

/** editor-schemas.ts (zod and the schemas the editor checks with), loaded once the visitor has started. */
export const editorSchemas = lazyModule(() => import("./editor-schemas"));
