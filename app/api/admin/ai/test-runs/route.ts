import { route } from "@/lib/api/route";
import { aiTestRunsQuery } from "@/lib/schemas/ai-test";
import { listAiTestRuns } from "@/lib/services/ai-test";

export const GET = route({ access: "admin", query: aiTestRunsQuery }, async ({ query, locale }) => listAiTestRuns(query, locale));
