import { created, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { resendMail } from "@/lib/services/mail";
import { recordMailOutcome } from "@/lib/services/orders";

// POST /api/admin/mail/{mailId}/resend – queues a copy of the mail (same attachments) and sends it; answers the copy
export const POST = route({ access: "admin", params: idParams("mailId") }, async ({ params }) =>
  created(await resendMail(params.mailId, recordMailOutcome)),
);
