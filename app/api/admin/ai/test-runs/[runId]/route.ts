import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { getAiTestRun } from "@/lib/services/ai-test";

// GET /api/admin/ai/test-runs/{runId} – one prompt tester run with its settings and results
export const GET = route({ access: "admin", params: idParams("runId") }, async ({ params, locale }) => getAiTestRun(params.runId, locale));
