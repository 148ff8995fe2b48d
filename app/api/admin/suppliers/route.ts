import { created, route } from "@/lib/api/route";
import { listSuppliersQuery, supplierBody } from "@/lib/schemas/suppliers";
import { createSupplier, listSuppliers } from "@/lib/services/suppliers";

export const GET = route({ access: "admin", query: listSuppliersQuery }, async ({ query, locale }) => listSuppliers(query, locale));

export const POST = route({ access: "admin", body: supplierBody }, async ({ body, locale }) => created(await createSupplier(body, locale)));
