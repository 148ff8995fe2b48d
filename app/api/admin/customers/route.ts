import { route } from "@/lib/api/route";
import { adminCustomersQuery } from "@/lib/schemas/customers";
import { listCustomers } from "@/lib/services/customers";

export const GET = route({ access: "admin", permission: "customers", query: adminCustomersQuery }, async ({ query }) =>
  listCustomers(query),
);
