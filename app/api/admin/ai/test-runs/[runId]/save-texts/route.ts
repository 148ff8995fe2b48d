import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { saveTextsBody } from "@/lib/schemas/ai-test";
import { saveRunTextsToPrompt } from "@/lib/services/ai-test";

// POST /api/admin/ai/test-runs/{runId}/save-texts – { promptId? }: the run's master prompt, style text and specific prompt become the prompt's style text
export const POST = route({ access: "admin", params: idParams("runId"), body: saveTextsBody }, async ({ params, body }) =>
  saveRunTextsToPrompt(params.runId, body.promptId),
);
