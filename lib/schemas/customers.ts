import { z } from "zod";
import type { OrderStatus } from "@/lib/domain/order-vocabulary";
import { listSearch, pageQuery, pageResponse } from "./common";

export const CUSTOMER_KINDS = ["customer", "guest"] as const;
export const CUSTOMER_SORTS = ["name", "email", "orders", "spent", "lastOrder"] as const;

export const adminCustomersQuery = z.object({
  q: listSearch,
  kind: z.enum(["all", ...CUSTOMER_KINDS]).default("all"),
  sort: z.enum([...CUSTOMER_SORTS, ...CUSTOMER_SORTS.map((s) => `-${s}` as const)]).default("-lastOrder"),
  ...pageQuery(100, 25),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuery>;

export const customerListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  orders: z.number().int(),
  spentCents: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;
export const customerPage = pageResponse(customerListItem);
export type CustomerPage = z.infer<typeof customerPage>;

export const customerIdParams = z.object({ customerId: z.coerce.number().int().positive().max(2_147_483_647) });

export const eraseCustomerBody = z.object({
  reason: z
    .string({ error: "validation.reasonRequired" })
    .trim()
    .min(3, { error: "validation.reasonRequired" })
    .max(500, { error: "validation.tooLong" }),
});

export interface CustomerDetail extends CustomerListItem {
  phone: string | null;
  createdAt: string;
  emailVerifiedAt: string | null;
  addresses: {
    kind: "shipping" | "billing";
    firstName: string;
    lastName: string;
    street1: string;
    street2: string | null;
    postalCode: string;
    city: string;
    countryCode: string;
  }[];
  orderList: { id: string; orderNumber: string; status: OrderStatus; totalCents: number; createdAt: string; paid: boolean }[];
  images: number;
  generations: { count: number; failed: number; aiCostCents: number };
  timeline: {
    at: string;
    what: "accountCreated" | "emailVerified" | "orderPlaced" | "orderPaid" | "generation" | "passwordLink";
    detail?: string;
  }[];
}
