import { z } from "zod";
import { firstParam, type SearchParamsRecord } from "@/components/ui/list/href";

/** Kept in the URL so that only the edited row renders a client form and every state has a link. */
const formState = z.discriminatedUnion("form", [
  z.object({ form: z.literal("new-category") }),
  z.object({
    form: z.enum(["edit-category", "new-subcategory", "edit-subcategory"]),
    id: z.coerce.number().int().positive().max(2_147_483_647),
  }),
]);
export type FormState = z.infer<typeof formState>;

export function readFormState(searchParams: SearchParamsRecord): FormState | null {
  const parsed = formState.safeParse({ form: firstParam(searchParams.form), id: firstParam(searchParams.id) });
  return parsed.success ? parsed.data : null;
}

export function formHref(path: string, state: FormState): string {
  const params = new URLSearchParams({ form: state.form });
  if ("id" in state) params.set("id", String(state.id));
  return `${path}?${params}`;
}
