import { getLocale } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listCountries } from "@/lib/services/catalog";
import { newEntityPage } from "@/components/ui/form/entity-form-page";
import { SupplierForm } from "@/components/admin/suppliers/supplier-form";
import messages from "../messages";

const page = newEntityPage({
  guard: () => requireBackOffice(null),
  namespace: "suppliers",
  messages,
  form: async () => {
    const countries = await listCountries(shopLocale(await getLocale()));
    return <SupplierForm countries={countries.map(({ code, name }) => ({ code, name }))} />;
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
