import { z } from "zod";
import { route } from "@/lib/api/route";
import { fileResponse } from "@/lib/api/file-response";
import { idParams } from "@/lib/schemas/common";
import { mailContent } from "@/lib/services/mail";

const contentQuery = z.object({ format: z.enum(["html", "text"]).default("html") });

// GET /api/admin/mail/{mailId}/content?format=html|text – the mail as it was sent, shown in the browser
export const GET = route(
  { access: "admin", permission: "mail", params: idParams("mailId"), query: contentQuery },
  async ({ params, query }) => fileResponse(await mailContent(params.mailId, query.format)),
);
