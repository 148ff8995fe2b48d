import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { getAiTestRun } from "@/lib/services/ai-test";

export const GET = route({ access: "admin", params: idParams("runId") }, async ({ params, locale }) => getAiTestRun(params.runId, locale));
