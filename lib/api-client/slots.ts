import { apiFetch } from "./fetcher";
import type { ImageDto } from "@/lib/schemas/images";
import type { SlotTypeDto, SlotVariantBodyInput, SlotVariantDto } from "@/lib/schemas/prompts";

const TYPES = "/admin/prompts/prompt-slot-types";
const VARIANTS = "/admin/prompts/slot-variants";

export const slotTypeDeletePath = `${TYPES}/{id}`;
export const slotVariantDeletePath = `${VARIANTS}/{id}`;

export const SLOT_REORDER_OFFSET = 10;

export interface PositionMove {
  id: number;
  position: number;
}

/** Two passes, so the unique position index never sees two types on one number. */
export function slotReorderPlan(
  current: readonly PositionMove[],
  order: readonly number[],
): { first: PositionMove[]; second: PositionMove[] } {
  const positions = current.map((t) => t.position).sort((a, b) => a - b);
  const before = new Map(current.map((t) => [t.id, t.position]));
  const moved = order.flatMap((id, i) => {
    const position = positions[i];
    return position !== undefined && before.has(id) && before.get(id) !== position ? [{ id, position }] : [];
  });
  const top = positions.length ? (positions[positions.length - 1] ?? 0) : 0;
  return {
    first: moved.map((m, index) => ({ id: m.id, position: top + SLOT_REORDER_OFFSET + index })),
    second: moved,
  };
}

export const slotTypesApi = {
  list: () => apiFetch<SlotTypeDto[]>(TYPES),
  create: (body: { name: string; nameDe?: string | null; position?: number }) => apiFetch<SlotTypeDto>(TYPES, { method: "POST", body }),
  rename: (id: number, name: string, nameDe: string | null) =>
    apiFetch<SlotTypeDto>(`${TYPES}/${id}`, { method: "PUT", body: { name, nameDe } }),
  move: (id: number, position: number) => apiFetch<SlotTypeDto>(`${TYPES}/${id}`, { method: "PUT", body: { position } }),
  remove: (id: number) => apiFetch<{ id: number; deleted: true }>(`${TYPES}/${id}`, { method: "DELETE" }),
  async reorder(plan: { first: PositionMove[]; second: PositionMove[] }): Promise<void> {
    for (const pass of [plan.first, plan.second]) {
      for (const m of pass) await slotTypesApi.move(m.id, m.position);
    }
  },
};

export interface SlotImageCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const slotVariantsApi = {
  list: (query: { typeId?: number; q?: string } = {}) => {
    const params = new URLSearchParams();
    if (query.typeId) params.set("typeId", String(query.typeId));
    if (query.q) params.set("q", query.q);
    const qs = params.toString();
    return apiFetch<SlotVariantDto[]>(qs ? `${VARIANTS}?${qs}` : VARIANTS);
  },
  ofType: (typeId: number) => apiFetch<SlotVariantDto[]>(`${VARIANTS}/type/${typeId}`),
  create: (body: SlotVariantBodyInput) => apiFetch<SlotVariantDto>(VARIANTS, { method: "POST", body }),
  update: (id: number, body: SlotVariantBodyInput) => apiFetch<SlotVariantDto>(`${VARIANTS}/${id}`, { method: "PUT", body }),
  remove: (id: number) => apiFetch<{ id: number; deleted: true }>(`${VARIANTS}/${id}`, { method: "DELETE" }),
  uploadImage: (file: Blob, crop: SlotImageCrop | null) => {
    const form = new FormData();
    form.set("file", file, file instanceof File ? file.name : "image");
    form.set("imageType", "SLOT_VARIANT_EXAMPLE");
    if (crop) {
      form.set("cropX", String(crop.x));
      form.set("cropY", String(crop.y));
      form.set("cropWidth", String(crop.width));
      form.set("cropHeight", String(crop.height));
    }
    return apiFetch<ImageDto>("/admin/images", { method: "POST", body: form });
  },
};
