import "server-only";
import { and, eq } from "drizzle-orm";
import { countries, orderAddresses } from "@/db/schema";
import type { Viewer } from "@/lib/request-context/viewer";
import { ApiError, notFound, validationFailed } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import type { z } from "zod";
import type { shippingAddressBody } from "@/lib/schemas/admin-orders";
import { getAdminOrder } from "../admin-queries";
import { recordEvent } from "../core/events";
import { lockOrder } from "../core/locks";
import { inTransaction } from "../core/unit-of-work";

const ADDRESS_FIELDS = ["firstName", "lastName", "street1", "street2", "city", "postalCode", "countryCode"] as const;

/** Refused once the parcel left: the address is history then; the timeline keeps old and new. */
export async function correctShippingAddress(
  orderId: string,
  body: z.output<typeof shippingAddressBody>,
  session: Viewer,
  locale: Locale,
): Promise<AdminOrderDetail> {
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    if (order.status !== "pending" && order.status !== "processing") throw new ApiError(409, "errors.addressLocked");
    const [country] = await tx.select({ code: countries.code }).from(countries).where(eq(countries.code, body.countryCode));
    if (!country) throw validationFailed({ countryCode: "validation.countryUnknown" });
    const where = and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.kind, "shipping"));
    const [old] = await tx.select().from(orderAddresses).where(where);
    if (!old) throw notFound();
    const before = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, old[f] ?? null]));
    const after = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, body[f] ?? null]));
    if (ADDRESS_FIELDS.every((f) => before[f] === after[f])) return;
    await tx.update(orderAddresses).set(after).where(where);
    await recordEvent(tx, {
      orderId,
      type: "address_corrected",
      by: { actor: "admin", userId: session.user.id },
      data: { before, after },
    });
  });
  return getAdminOrder(orderId, locale);
}
