import { z } from "zod";
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { useAsExampleBody } from "@/lib/schemas/ai-test";
import { setResultAsExample } from "@/lib/services/ai-test";

const params = z.intersection(idParams("runId"), idParams("generationId"));

export const POST = route({ access: "admin", params, body: useAsExampleBody }, async ({ params, body }) =>
  setResultAsExample(params.runId, params.generationId, body.promptId),
);
