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
  /** When the oldest case began (its age is what the owner sees). */
  oldestAt: string | null;
  /** Up to five orders to open directly. */
  orders: { id: string; orderNumber: string }[];
  href: string;
}

export interface StyleFigures {
  promptId: number;
  title: string;
  generations: number;
  /** Designs put in a cart: lines still in carts plus lines of orders placed, both in the period. */
  cartLines: number;
  paidLines: number;
  /** Paid lines per generation. */
  conversion: number;
  revenueCents: number;
  aiCostCents: number;
}

export interface AiFigures {
  spentCents: number;
  /** The daily AI budget times the days of the period. */
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
  /** Gross and net after discounts. */
  revenueCents: number;
  netCents: number;
  /** Today's purchase cost per unit (net) times the units. */
  purchaseCents: number;
  /** The period's AI cost shared out by units sold. */
  aiCostCents: number;
  marginCents: number;
}

export interface Dashboard extends Sales {
  from: string;
  to: string;
  previous: Sales & { from: string; to: string };
  series: SalesDay[];
  needsAction: NeedsAction[];
  styles: StyleFigures[];
  ai: AiFigures;
  articles: ArticleFigures[];
}
