import "server-only";
import { is, TransactionRollbackError } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { AiProvider } from "@/db/schema";
import { ApiError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { env } from "@/lib/env";
import { estimateCostBeforeCall } from "@/lib/integrations/ai/providers";
import { isProviderUsable } from "@/lib/integrations/ai/registry";
import type { GenerationSettings } from "@/lib/integrations/ai/types";
import { adjustAmount, consume, consumeAmount, peek } from "./rate-limit";

const WINDOWS = { hour: 3600, day: 86_400 } as const;
type WindowName = keyof typeof WINDOWS;
const spentKey = (w: WindowName) => `ai-budget:spent:${w}`;
const refusedKey = (w: WindowName) => `ai-budget:refused:${w}`;
const MICRO_PER_UNIT = 1000;
const toUnits = (microCents: number) => Math.ceil(microCents / MICRO_PER_UNIT);

function limitUnits(w: WindowName): number {
  const e = env();
  const eur = w === "hour" ? e.AI_BUDGET_EUR_PER_HOUR : e.AI_BUDGET_EUR_PER_DAY;
  return Math.round(eur * 100 * 1000);
}

function ceilingUnits(w: WindowName, paying: boolean): number {
  const limit = limitUnits(w);
  return paying ? limit : Math.floor((limit * (100 - env().AI_BUDGET_RESERVED_FOR_PAYING_PERCENT)) / 100);
}

export interface AiBudgetReservation {
  units: number;
  at: number;
}

export function budgetedCost(provider: AiProvider, settings: GenerationSettings): number {
  if (provider === "offline" || !isProviderUsable(provider)) return 0;
  return estimateCostBeforeCall(provider, settings);
}

/** Atomic across instances, so two requests can never both take the last euro; null when nothing is reserved. */
export async function reserveAiBudget(microCents: number, opts: { paying: boolean }): Promise<AiBudgetReservation | null> {
  if (microCents <= 0) return null;
  const units = toUnits(microCents);
  const at = Date.now();
  const db = await getDb();
  const granted = await db
    .transaction(async (tx) => {
      for (const w of Object.keys(WINDOWS) as WindowName[]) {
        const ok = await consumeAmount(
          { key: spentKey(w), amount: units, limit: ceilingUnits(w, opts.paying), windowSeconds: WINDOWS[w], at },
          tx,
        );
        if (!ok) tx.rollback(); // gives back the hour's share when the day refuses
      }
      return true;
    })
    .catch((err: unknown) => {
      // is(), not instanceof: the production build may load drizzle-orm more than once (its classes then differ).
      if (is(err, TransactionRollbackError)) return false;
      throw err;
    });
  if (!granted) {
    await noteRefusal(at);
    throw new ApiError(503, "errors.aiBudgetExhausted");
  }
  return { units, at };
}

export async function settleAiBudget(reservation: AiBudgetReservation | null, actualMicroCents: number): Promise<void> {
  if (!reservation) return;
  const delta = toUnits(Math.max(0, actualMicroCents)) - reservation.units;
  try {
    for (const w of Object.keys(WINDOWS) as WindowName[]) {
      await adjustAmount({ key: spentKey(w), windowSeconds: WINDOWS[w], delta, at: reservation.at });
    }
  } catch (err) {
    logger.error("AI budget not settled", { err, delta });
  }
}

async function noteRefusal(at: number): Promise<void> {
  for (const w of Object.keys(WINDOWS) as WindowName[]) {
    await consume({ key: refusedKey(w), limit: Number.MAX_SAFE_INTEGER, windowSeconds: WINDOWS[w] }).catch(() => {});
  }
  logger.warn("AI budget used up: generation refused", { at: new Date(at).toISOString() });
}

export interface AiBudgetWindow {
  spentCents: number;
  limitCents: number;
  refused: number;
  exhausted: boolean;
}

export async function aiBudgetStatus(): Promise<{ hour: AiBudgetWindow; day: AiBudgetWindow; exhausted: boolean }> {
  const read = async (w: WindowName): Promise<AiBudgetWindow> => {
    const [spent, refused] = await Promise.all([
      peek({ key: spentKey(w), windowSeconds: WINDOWS[w] }),
      peek({ key: refusedKey(w), windowSeconds: WINDOWS[w] }),
    ]);
    const limit = limitUnits(w);
    return { spentCents: spent / 1000, limitCents: limit / 1000, refused, exhausted: refused > 0 || spent >= limit };
  };
  const [hour, day] = await Promise.all([read("hour"), read("day")]);
  return { hour, day, exhausted: hour.exhausted || day.exhausted };
}
