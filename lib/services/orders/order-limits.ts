import "server-only";
import { ApiError } from "@/lib/errors";
import { clientNetwork } from "@/lib/request-context/client-ip";
import { env } from "@/lib/env";
import { consume } from "../rate-limit";

const HOUR = 3600;

export async function limitOrderAction(
  action: "place" | "cancel",
  who: { userId: number | null; clientIp?: string | null },
): Promise<void> {
  const e = env();
  const [perAccount, perClient, message] =
    action === "place"
      ? [e.ORDERS_PER_HOUR_PER_ACCOUNT, e.ORDERS_PER_HOUR_PER_CLIENT, "errors.rateLimitOrders" as const]
      : [e.CANCELS_PER_HOUR_PER_ACCOUNT, e.CANCELS_PER_HOUR_PER_CLIENT, "errors.rateLimitCancels" as const];
  const windows = [
    ...(who.userId !== null ? [{ key: `orders:${action}:account:${who.userId}`, limit: perAccount }] : []),
    ...(who.clientIp ? [{ key: `orders:${action}:client:${clientNetwork(who.clientIp)}`, limit: perClient }] : []),
  ];
  for (const w of windows) {
    const r = await consume({ ...w, windowSeconds: HOUR });
    if (!r.allowed) throw new ApiError(429, message, undefined, { retryAfter: r.retryAfter });
  }
}
