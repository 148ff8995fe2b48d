import { route } from "@/lib/api/route";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";

export const POST = route({ access: "public" }, async ({ req }) => runScheduledJobs(req.headers.get("authorization")));
/** Vercel's cron calls with GET and `Authorization: Bearer $CRON_SECRET` (vercel.json). */
export const GET = POST;
