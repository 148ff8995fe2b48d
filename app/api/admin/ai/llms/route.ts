import { route } from "@/lib/api/route";
import { listModels } from "@/lib/integrations/ai/registry";

export const GET = route({ access: "admin" }, async () => listModels());
