import { z } from "zod";
import { dayCount, PRESETS } from "@/lib/domain/report-period";
import { calendarDay } from "./admin-orders";

/** A year compared with the year before stays one request. */
export const DASHBOARD_MAX_DAYS = 366;

export const dashboardQuery = z
  .object({ from: calendarDay, to: calendarDay, preset: z.enum(PRESETS).optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: "validation.dateRangeInvalid", path: ["to"] })
  .refine((v) => !v.from || !v.to || v.from > v.to || dayCount(v.from, v.to) <= DASHBOARD_MAX_DAYS, {
    error: "validation.dashboardRangeTooLong",
    path: ["to"],
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export interface Sales {
  revenue: { grossCents: number; netCents: number };
  orders: number;
  averageOrderCents: number;
  refundsCents: number;
  discountsCents: number;
}

export interface SalesDay {
  date: string;
  grossCents: number;
  orders: number;
}

export const NEEDS_ACTION_KINDS = [
  "unprocessed",
  "processingLong",
  "failedRefunds",
  "openDisputes",
  "amountMismatches",
  "orphanPayments",
  "failingMails",
  "invoicesWaiting",
] as const;

export type NeedsActionKind = (typeof NEEDS_ACTION_KINDS)[number];

export interface NeedsAction {
  kind: NeedsActionKind;
  count: number;
  oldestAt: string | null;
  orders: { id: string; orderNumber: string }[];
  href: string;
}

export interface OssThreshold {
  ossEnabled: boolean;
  thresholdCents: number;
  thisYearNetCents: number;
  lastYearNetCents: number;
  level: "below" | "near" | "over";
}

export interface StyleFigures {
  promptId: number;
  title: string;
  generations: number;
  cartLines: number;
  paidLines: number;
  conversion: number;
  revenueCents: number;
  aiCostCents: number;
}

export interface AiFigures {
  spentCents: number;
  budgetCents: number;
  perDay: { date: string; costCents: number; generations: number }[];
  perModel: { provider: string; model: string; generations: number; failed: number; costCents: number }[];
  costPerPaidOrderCents: number;
}

export interface ArticleFigures {
  articleId: number | null;
  article: string;
  variant: string | null;
  colour: string | null;
  units: number;
  revenueCents: number;
  netCents: number;
  purchaseCents: number;
  aiCostCents: number;
  marginCents: number;
}

export interface Dashboard extends Sales {
  from: string;
  to: string;
  previous: Sales & { from: string; to: string };
  series: SalesDay[];
  needsAction: NeedsAction[];
  ossThreshold: OssThreshold;
  styles: StyleFigures[];
  ai: AiFigures;
  articles: ArticleFigures[];
}
