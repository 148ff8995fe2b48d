import { route } from "@/lib/api/route";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";

export const POST = route({ access: "public" }, async ({ req }) => runScheduledJobs(req.headers.get("authorization")));
