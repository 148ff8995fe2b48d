"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { slotTypesApi } from "@/lib/api-client/slots";
import { slotTypeBody, type SlotTypeDto } from "@/lib/schemas/prompts";
import { TextField } from "@/components/ui/form-field";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { useAdminForm } from "@/components/ui/form/use-admin-form";

const NAME_MAX = 255;

/** Stays open: after a save it is empty again for the next type. */
export function CreateSlotTypeForm() {
  const t = useTranslations("slots");
  const tc = useTranslations("common");
  const router = useRouter();
  const form = useAdminForm({
    initial: () => ({ name: "", nameDe: "" }),
    schema: slotTypeBody,
    mutationFn: (body) => slotTypesApi.create({ name: body.name, nameDe: body.nameDe }),
    success: (created) => t("typeCreated", { name: created.name }),
    onSaved: () => router.refresh(),
    stay: () => ({ name: "", nameDe: "" }),
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t("newType")}
      className="card flex flex-wrap items-start gap-3 p-3 sm:p-4"
      data-testid="slot-type-create"
    >
      <div className="min-w-0 flex-1 basis-56">
        <TextField id="slot-type-new-name" label={t("newTypeName")} required counter maxLength={NAME_MAX} {...form.bind("name")} />
      </div>
      <div className="min-w-0 flex-1 basis-56">
        <TextField id="slot-type-new-name-de" label={t("nameDe")} lang="de" counter maxLength={NAME_MAX} {...form.bind("nameDe")} />
      </div>
      <button type="submit" className="btn-primary sm:mt-6" disabled={form.save.isPending}>
        {form.save.isPending ? tc("saving") : t("addType")}
      </button>
    </form>
  );
}

export function RenameSlotTypeForm({ item, onDone }: { item: SlotTypeDto; onDone: () => void }) {
  const t = useTranslations("slots");
  const router = useRouter();
  const form = useAdminForm({
    initial: () => ({ name: item.name, nameDe: item.nameDe ?? "" }),
    schema: slotTypeBody,
    mutationFn: (body) => slotTypesApi.rename(item.id, body.name, body.nameDe),
    success: (updated) => t("typeRenamed", { name: updated.name }),
    onSaved: () => {
      onDone();
      router.refresh();
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      onKeyDown={(e) => {
        if (e.key === "Escape") form.cancel(onDone);
      }}
      noValidate
      aria-label={t("renameNamed", { name: item.name })}
      className="flex flex-wrap items-start gap-3"
      data-testid={`slot-type-rename-form-${item.id}`}
    >
      <div className="min-w-0 flex-1 basis-56">
        <TextField
          id={`slot-type-${item.id}-name`}
          label={t("name")}
          required
          counter
          maxLength={NAME_MAX}
          // Opened by the admin's click on Rename: type straight away.
          autoFocus
          {...form.bind("name")}
        />
      </div>
      <div className="min-w-0 flex-1 basis-56">
        <TextField
          id={`slot-type-${item.id}-name-de`}
          label={t("nameDe")}
          lang="de"
          counter
          maxLength={NAME_MAX}
          {...form.bind("nameDe")}
        />
      </div>
      <FormButtons form={form} cancel={onDone} className="flex flex-wrap gap-2 sm:mt-6" />
    </form>
  );
}
