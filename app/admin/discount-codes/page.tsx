import { requireBackOffice } from "@/lib/auth/guard";
import { listDiscountCodesQuery } from "@/lib/schemas/discounts";
import { listDiscountCodes } from "@/lib/services/discounts";
import { entityListPage } from "@/components/ui/list/entity-list-page";
import { DiscountCodeTable } from "@/components/admin/discount-codes/discount-code-table";
import { DISCOUNT_CODES_PATH } from "@/components/admin/discount-codes/paths";
import messages from "./messages";

const list = entityListPage({
  guard: () => requireBackOffice(null),
  namespace: "discountCodes",
  messages,
  basePath: DISCOUNT_CODES_PATH,
  testIdPrefix: "discount-code",
  schema: listDiscountCodesQuery,
  load: listDiscountCodes,
  Table: DiscountCodeTable,
  sort: [
    "sortNewest",
    {
      createdAt: "sortOldest",
      code: "sortCodeAsc",
      "-code": "sortCodeDesc",
      "-used": "sortUsed",
      "-revenue": "sortRevenue",
      validTo: "sortValidTo",
    },
  ],
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
