import { lazyModule } from "@/lib/lazy-module";

export const editorSchemas = lazyModule(() => import("./editor-schemas"));
