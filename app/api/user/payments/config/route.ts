import { route } from "@/lib/api/route";
import { paymentConfig } from "@/lib/integrations/payments";

export const GET = route({ access: "user" }, async () => paymentConfig());
