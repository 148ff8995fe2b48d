import { route } from "@/lib/api/route";
import { listModels } from "@/lib/integrations/ai/registry";

// GET /api/admin/ai/llms – the AI image models with whether each is usable now (key configured) or runs offline
export const GET = route({ access: "admin" }, async () => listModels());
