import { z } from "zod";
import { dayCount, PRESETS } from "@/lib/domain/report-period";
import { calendarDay } from "./admin-orders";

/** A year and a day: a year compared with the year before stays one request. */
export const DASHBOARD_MAX_DAYS = 366;

export const dashboardQuery = z
  .object({ from: calendarDay, to: calendarDay, preset: z.enum(PRESETS).optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: "validation.dateRangeInvalid", path: ["to"] })
  .refine((v) => !v.from || !v.to || v.from > v.to || dayCount(v.from, v.to) <= DASHBOARD_MAX_DAYS, {
    error: "validation.dashboardRangeTooLong",
    path: ["to"],
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
