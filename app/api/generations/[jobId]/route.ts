import { route } from "@/lib/api/route";
import { generationJobParams } from "@/lib/schemas/images";
import { getGenerationJob } from "@/lib/services/generation-jobs";

export const GET = route({ access: "public", withSession: true, params: generationJobParams }, async ({ params, session, locale }) => {
  const job = await getGenerationJob(params.jobId, session, locale);
  return Response.json(job, { headers: { "cache-control": "private, no-store" } });
});
