import { requireBackOffice } from "@/lib/auth/guard";
import { newEntityPage } from "@/components/ui/form/entity-form-page";
import { DiscountCodeForm } from "@/components/admin/discount-codes/discount-code-form";
import messages from "../messages";

const page = newEntityPage({
  guard: () => requireBackOffice(null),
  namespace: "discountCodes",
  messages,
  form: () => <DiscountCodeForm />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
