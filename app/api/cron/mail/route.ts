import { route } from "@/lib/api/route";
import { runScheduledJobs } from "@/lib/services/scheduled-jobs";

// POST /api/cron/mail – for a platform scheduler (Authorization: Bearer CRON_SECRET): expires unpaid orders, retries due mail
export const POST = route({ access: "public" }, async ({ req }) => runScheduledJobs(req.headers.get("authorization")));
