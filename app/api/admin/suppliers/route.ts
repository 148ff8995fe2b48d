import { created, route } from "@/lib/api/route";
import { listSuppliersQuery, supplierBody } from "@/lib/schemas/suppliers";
import { createSupplier, listSuppliers } from "@/lib/services/suppliers";

// GET /api/admin/suppliers – one page of suppliers ({ items, total, page, pageSize }); q searches company, contact, email, city
export const GET = route({ access: "admin", query: listSuppliersQuery }, async ({ query, locale }) => listSuppliers(query, locale));

// POST /api/admin/suppliers – create a supplier
export const POST = route({ access: "admin", body: supplierBody }, async ({ body, locale }) => created(await createSupplier(body, locale)));
