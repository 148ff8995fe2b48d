"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { SORT_ORDERS, USER_IMAGE_SORTS, type SortOrder, type UserImageSort } from "@/lib/schemas/user-image-sorting";

export function SortControls(props: {
  sort: UserImageSort;
  order: SortOrder;
  onChange: (next: { sort: UserImageSort; order: SortOrder }) => void;
}) {
  const t = useTranslations("myImages");
  const sortLabels: Record<UserImageSort, string> = { date: t("sortDate"), type: t("sortType") };
  const orderLabels: Record<SortOrder, string> = { desc: t("newestFirst"), asc: t("oldestFirst") };
  const sortId = useId();
  const orderId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4" data-testid="my-images-sort">
      <div className="text-sm">
        <label htmlFor={sortId} className="label">
          {t("sortBy")}
        </label>
        <select
          id={sortId}
          className="input w-auto"
          value={props.sort}
          onChange={(e) => props.onChange({ sort: e.target.value as UserImageSort, order: props.order })}
        >
          {USER_IMAGE_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm">
        <label htmlFor={orderId} className="label">
          {t("order")}
        </label>
        <select
          id={orderId}
          className="input w-auto"
          value={props.order}
          onChange={(e) => props.onChange({ sort: props.sort, order: e.target.value as SortOrder })}
        >
          {SORT_ORDERS.map((o) => (
            <option key={o} value={o}>
              {orderLabels[o]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
