import { getLocale } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listSuppliersQuery } from "@/lib/schemas/suppliers";
import { listSuppliers } from "@/lib/services/suppliers";
import { entityListPage } from "@/components/ui/list/entity-list-page";
import { SupplierTable } from "@/components/admin/suppliers/supplier-table";
import { SUPPLIERS_PATH } from "@/components/admin/suppliers/paths";
import messages from "./messages";

const list = entityListPage({
  guard: () => requireBackOffice(null),
  namespace: "suppliers",
  messages,
  basePath: SUPPLIERS_PATH,
  testIdPrefix: "supplier",
  schema: listSuppliersQuery,
  load: async (query) => listSuppliers(query, shopLocale(await getLocale())),
  Table: SupplierTable,
  sort: [
    "sortCompanyAsc",
    {
      "-companyName": "sortCompanyDesc",
      city: "sortCityAsc",
      "-city": "sortCityDesc",
      "-createdAt": "sortNewest",
      createdAt: "sortOldest",
    },
  ],
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
