import { route } from "@/lib/api/route";
import { paymentConfig } from "@/lib/integrations/payments";

// GET /api/user/payments/config – which payment provider the checkout uses, test mode, Stripe publishable key (503 when it is missing)
export const GET = route({ access: "user" }, async () => paymentConfig());
