import { getLocale } from "next-intl/server";
import { requireBackOffice } from "@/lib/auth/guard";
import { shopLocale } from "@/lib/i18n/config";
import { listCountries } from "@/lib/services/catalog";
import { getSupplierOrThrow } from "@/lib/services/suppliers";
import { editEntityPage } from "@/components/ui/form/entity-form-page";
import { SupplierForm } from "@/components/admin/suppliers/supplier-form";
import messages from "../../messages";

const page = editEntityPage({
  guard: () => requireBackOffice(null),
  namespace: "suppliers",
  messages,
  param: "supplierId",
  load: async (id) => {
    const locale = shopLocale(await getLocale());
    return Promise.all([getSupplierOrThrow(id, locale), listCountries(locale)]);
  },
  form: ([supplier, countries]) => <SupplierForm supplier={supplier} countries={countries.map(({ code, name }) => ({ code, name }))} />,
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
