"use client";

import { useTranslations } from "next-intl";
import { suppliersApi } from "@/lib/api-client/suppliers";
import { supplierBody, type SupplierDto } from "@/lib/schemas/suppliers";
import { SelectField, TextField } from "@/components/ui/form-field";
import { FormButtons } from "@/components/ui/form/form-buttons";
import { FormSection } from "@/components/ui/form/form-section";
import { useAdminForm } from "@/components/ui/form/use-admin-form";
import { SUPPLIERS_PATH } from "./paths";

const FIELDS = [
  "companyName",
  "website",
  "title",
  "firstName",
  "lastName",
  "email",
  "street",
  "houseNumber",
  "postalCode",
  "city",
  "countryCode",
  "phone1",
  "phone2",
  "phone3",
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function initialValues(supplier?: SupplierDto): Values {
  return Object.fromEntries(FIELDS.map((f) => [f, supplier?.[f] ?? ""])) as Values;
}

export function SupplierForm({ supplier, countries }: { supplier?: SupplierDto; countries: readonly { code: string; name: string }[] }) {
  const t = useTranslations("suppliers");
  const form = useAdminForm({
    initial: () => initialValues(supplier),
    schema: supplierBody,
    mutationFn: (body) => (supplier ? suppliersApi.update(supplier.id, body) : suppliersApi.create(body)),
    success: supplier ? t("updatedToast") : t("createdToast"),
    backTo: SUPPLIERS_PATH,
  });

  const bind = (field: Field, label: string) => ({ id: `supplier-${field}`, name: field, label, ...form.bind(field) });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      autoComplete="off"
      className="card max-w-3xl space-y-6 p-4 sm:p-6"
      data-testid="supplier-form"
    >
      <FormSection legend={t("sectionCompany")}>
        <div className="sm:col-span-2">
          <TextField {...bind("companyName", t("companyName"))} required maxLength={255} />
        </div>
        <div className="sm:col-span-2">
          <TextField {...bind("website", t("website"))} inputMode="url" maxLength={2048} hint={t("websiteHint")} />
        </div>
      </FormSection>

      <FormSection legend={t("sectionContact")}>
        <TextField {...bind("title", t("personTitle"))} maxLength={50} />
        <TextField {...bind("email", t("email"))} type="email" inputMode="email" maxLength={254} />
        <TextField {...bind("firstName", t("firstName"))} maxLength={100} />
        <TextField {...bind("lastName", t("lastName"))} maxLength={100} />
      </FormSection>

      <FormSection legend={t("sectionAddress")}>
        <TextField {...bind("street", t("street"))} maxLength={255} />
        <TextField {...bind("houseNumber", t("houseNumber"))} maxLength={20} />
        <TextField {...bind("postalCode", t("postalCode"))} inputMode="numeric" maxLength={10} />
        <TextField {...bind("city", t("city"))} maxLength={255} />
        <SelectField
          {...bind("countryCode", t("country"))}
          placeholder={t("countryNone")}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
        />
      </FormSection>

      <FormSection legend={t("sectionPhones")}>
        <TextField {...bind("phone1", t("phone1"))} type="tel" maxLength={30} />
        <TextField {...bind("phone2", t("phone2"))} type="tel" maxLength={30} />
        <TextField {...bind("phone3", t("phone3"))} type="tel" maxLength={30} />
      </FormSection>

      <FormButtons form={form} cancel={SUPPLIERS_PATH} />
    </form>
  );
}
