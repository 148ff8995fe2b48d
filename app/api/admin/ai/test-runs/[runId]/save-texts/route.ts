import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { saveTextsBody } from "@/lib/schemas/ai-test";
import { saveRunTextsToPrompt } from "@/lib/services/ai-test";

export const POST = route({ access: "admin", params: idParams("runId"), body: saveTextsBody }, async ({ params, body }) =>
  saveRunTextsToPrompt(params.runId, body.promptId),
);
