import { requireBackOffice } from "@/lib/auth/guard";
import { getDiscountCodeOrThrow } from "@/lib/services/discounts";
import { editEntityPage } from "@/components/ui/form/entity-form-page";
import { DiscountCodeForm } from "@/components/admin/discount-codes/discount-code-form";
import messages from "../../messages";

const page = editEntityPage({
  guard: () => requireBackOffice(null),
  namespace: "discountCodes",
  messages,
  param: "discountCodeId",
  load: getDiscountCodeOrThrow,
  form: (code) => <DiscountCodeForm code={code} />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
