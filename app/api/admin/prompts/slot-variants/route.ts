import { created, route } from "@/lib/api/route";
import { listSlotVariantsQuery, slotVariantBody } from "@/lib/schemas/prompts";
import { createSlotVariant, listSlotVariants } from "@/lib/services/slots";

// GET /api/admin/prompts/slot-variants?typeId=&q= – slot variants by slot type position and name, optionally of one type and matching a text
export const GET = route({ access: "admin", query: listSlotVariantsQuery }, async ({ query, locale }) => listSlotVariants(query, locale));

// POST /api/admin/prompts/slot-variants – create a slot variant (example image uploaded first via POST /api/admin/images)
export const POST = route({ access: "admin", body: slotVariantBody }, async ({ body, locale }) =>
  created(await createSlotVariant(body, locale)),
);
