import { created, route } from "@/lib/api/route";
import { slotTypeBody } from "@/lib/schemas/prompts";
import { createSlotType, listSlotTypes } from "@/lib/services/slots";

export const GET = route({ access: "admin" }, async () => listSlotTypes());

export const POST = route({ access: "admin", body: slotTypeBody }, async ({ body }) => created(await createSlotType(body)));
