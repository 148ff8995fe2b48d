import { created, route } from "@/lib/api/route";
import { slotTypeBody } from "@/lib/schemas/prompts";
import { createSlotType, listSlotTypes } from "@/lib/services/slots";

// GET /api/admin/prompts/prompt-slot-types – every slot type by position, with its number of variants
export const GET = route({ access: "admin" }, async () => listSlotTypes());

// POST /api/admin/prompts/prompt-slot-types – create a slot type (without position: appended after the maximum; a taken position: 409)
export const POST = route({ access: "admin", body: slotTypeBody }, async ({ body }) => created(await createSlotType(body)));
