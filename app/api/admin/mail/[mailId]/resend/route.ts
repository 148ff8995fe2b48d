import { created, route } from "@/lib/api/route";
import { idParams } from "@/lib/schemas/common";
import { resendMail } from "@/lib/services/mail";

export const POST = route({ access: "admin", params: idParams("mailId") }, async ({ params }) => created(await resendMail(params.mailId)));
