import { requireBackOffice } from "@/lib/auth/guard";
import { newEntityPage } from "@/components/ui/form/entity-form-page";
import { DiscountCodeForm } from "@/components/admin/discount-codes/discount-code-form";

const page = newEntityPage({
  guard: () => requireBackOffice(null),
  namespace: "discountCodes",
  form: () => <DiscountCodeForm />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
