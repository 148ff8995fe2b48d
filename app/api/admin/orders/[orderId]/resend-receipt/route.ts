import { route } from "@/lib/api/route";
import { orderParams } from "@/lib/schemas/orders";
import { resendReceipt } from "@/lib/services/orders";

// POST /api/admin/orders/{orderId}/resend-receipt – the receipt mail again with the same stored invoice PDF → { mailId }
export const POST = route({ access: "admin", params: orderParams }, async ({ params, session }) => resendReceipt(params.orderId, session));
