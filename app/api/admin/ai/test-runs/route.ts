import { route } from "@/lib/api/route";
import { aiTestRunsQuery } from "@/lib/schemas/ai-test";
import { listAiTestRuns } from "@/lib/services/ai-test";

// GET /api/admin/ai/test-runs – prompt tester runs with their results, newest first, paged
export const GET = route({ access: "admin", query: aiTestRunsQuery }, async ({ query, locale }) => listAiTestRuns(query, locale));
