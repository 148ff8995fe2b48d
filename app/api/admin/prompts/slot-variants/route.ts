import { created, route } from "@/lib/api/route";
import { listSlotVariantsQuery, slotVariantBody } from "@/lib/schemas/prompts";
import { createSlotVariant, listSlotVariants } from "@/lib/services/slots";

export const GET = route({ access: "admin", query: listSlotVariantsQuery }, async ({ query, locale }) => listSlotVariants(query, locale));

export const POST = route({ access: "admin", body: slotVariantBody }, async ({ body, locale }) =>
  created(await createSlotVariant(body, locale)),
);
