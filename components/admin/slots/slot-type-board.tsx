"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { slotReorderPlan, slotTypesApi } from "@/lib/api-client/slots";
import type { SlotTypeDto } from "@/lib/schemas/prompts";
import { localized } from "@/lib/i18n/localized";
import { shopLocale } from "@/lib/i18n/config";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { useUnsavedChanges } from "@/components/ui/form/use-unsaved-changes";
import { SLOT_VARIANTS_PATH } from "./paths";
import { CreateSlotTypeForm, RenameSlotTypeForm } from "./slot-type-forms";

/** PUT { position } in two passes (first above the maximum) so no two types hold one position; a failure restores the server's. */
export function SlotTypeBoard({ types }: { types: SlotTypeDto[] }) {
  const t = useTranslations("slots");
  const router = useRouter();
  const [items, setItems] = useState(types);
  const [seen, setSeen] = useState(types);
  if (types !== seen) {
    setSeen(types);
    setItems(types);
  }
  const [editingId, setEditingId] = useState<number | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const reorder = useAdminMutation({
    mutationFn: ({ previous, next }: { previous: SlotTypeDto[]; next: SlotTypeDto[] }) =>
      slotTypesApi.reorder(
        slotReorderPlan(
          previous,
          next.map((x) => x.id),
        ),
      ),
    success: t("reordered"),
    onSuccess: () => router.refresh(),
    onError: () => router.refresh(),
  });

  const nameOf = (id: UniqueIdentifier) => items.find((x) => x.id === id)?.name ?? "";
  const placeOf = (id: UniqueIdentifier) => items.findIndex((x) => x.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("announceStart", { name: nameOf(active.id), position: placeOf(active.id), total: items.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t("announceOver", { name: nameOf(active.id), position: placeOf(over.id), total: items.length })
        : t("announceOutside", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("announceDrop", { name: nameOf(active.id), position: placeOf(over.id), total: items.length })
        : t("announceCancel", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("announceCancel", { name: nameOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((x) => x.id === active.id);
    const to = items.findIndex((x) => x.id === over.id);
    if (from < 0 || to < 0) return;
    const previous = items;
    // The types keep the positions they hold, handed out in the new order (as the plan sends them).
    const positions = items.map((x) => x.position).sort((a, b) => a - b);
    const next = arrayMove(items, from, to).map((x, i) => ({ ...x, position: positions[i] ?? x.position }));
    setItems(next);
    reorder.mutate({ previous, next }, { onError: () => setItems(previous) });
  }

  const busy = reorder.isPending;
  // Leaving while the passes are still being sent would stop them halfway (types left above the maximum).
  useUnsavedChanges(busy);
  return (
    <div className="space-y-4">
      <CreateSlotTypeForm />
      {items.length === 0 ? (
        <p className="card text-center text-stone-700" data-testid="slot-type-empty">
          {t("typesEmpty")}
        </p>
      ) : (
        <>
          <p id="slot-type-help" className="text-sm text-stone-600">
            {t("reorderHelp")}
          </p>
          <DndContext
            id="slot-types-dnd"
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t("dragInstructions") } }}
          >
            <SortableContext items={items.map((x) => x.id)} strategy={verticalListSortingStrategy}>
              <ol className="space-y-2" aria-describedby="slot-type-help" aria-busy={busy} data-testid="slot-type-list">
                {items.map((item, index) => (
                  <SortableSlotType
                    key={item.id}
                    item={item}
                    index={index}
                    disabled={busy || editingId !== null}
                    editing={editingId === item.id}
                    onEdit={() => setEditingId(item.id)}
                    onDone={() => setEditingId(null)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          {busy && (
            <p className="text-sm text-stone-600" role="status">
              {t("savingOrder")}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function SortableSlotType({
  item,
  index,
  disabled,
  editing,
  onEdit,
  onDone,
}: {
  item: SlotTypeDto;
  index: number;
  disabled: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("slots");
  const tc = useTranslations("common");
  // The German admin reads the German name, falling back to the English.
  const name = localized(shopLocale(useLocale()), item.name, item.nameDe);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-white p-3 shadow-sm sm:p-4 ${isDragging ? "relative z-10 border-brand-400 shadow-md" : "border-stone-200"}`}
      data-testid={`slot-type-row-${item.id}`}
      data-slot-type-name={item.name}
    >
      {editing ? (
        <RenameSlotTypeForm item={item} onDone={onDone} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button
            ref={setActivatorNodeRef}
            type="button"
            className="flex h-10 w-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-md border border-stone-300 bg-stone-50 text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 active:cursor-grabbing"
            aria-label={t("dragHandle", { name })}
            data-testid={`slot-type-handle-${item.id}`}
            {...attributes}
            {...listeners}
            disabled={disabled}
          >
            <svg aria-hidden viewBox="0 0 20 20" width="18" height="18" fill="currentColor">
              <circle cx="7" cy="5" r="1.5" />
              <circle cx="13" cy="5" r="1.5" />
              <circle cx="7" cy="10" r="1.5" />
              <circle cx="13" cy="10" r="1.5" />
              <circle cx="7" cy="15" r="1.5" />
              <circle cx="13" cy="15" r="1.5" />
            </svg>
          </button>
          <span className="w-8 shrink-0 text-center text-sm font-semibold text-stone-500" aria-label={t("place", { position: index + 1 })}>
            {index + 1}.
          </span>
          <div className="min-w-0 flex-1 basis-32">
            <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
            <Link href={`${SLOT_VARIANTS_PATH}?typeId=${item.id}`} className="text-xs text-brand-700 hover:underline">
              {t("variantCount", { count: item.variantCount })}
            </Link>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={onEdit}
              aria-label={t("renameNamed", { name })}
              disabled={disabled}
              data-testid={`slot-type-rename-${item.id}`}
            >
              {t("rename")}
            </button>
            <button
              type="button"
              className="btn-danger"
              aria-label={t("deleteNamed", { name })}
              data-row-action="delete"
              data-row-id={item.id}
              data-row-label={name}
              disabled={disabled}
            >
              {tc("delete")}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
