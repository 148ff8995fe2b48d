"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { adminOrdersApi } from "@/lib/api-client/admin-orders";
import { countriesQuery } from "@/lib/api-client/countries";
import { HttpError } from "@/lib/api-client/fetcher";
import type { AdminOrderDetail } from "@/lib/schemas/admin-orders";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";

type Address = NonNullable<AdminOrderDetail["shippingAddress"]>;
const FIELDS = ["firstName", "lastName", "street1", "street2", "postalCode", "city"] as const;

/** Until the parcel leaves, the admin corrects the shipping address; the server records old and new in the timeline. */
export function ShippingAddressEditor({ orderId, address }: { orderId: string; address: Address }) {
  const t = useTranslations("adminOrders.addressEdit");
  const tc = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Address>(address);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const countries = useQuery({ ...countriesQuery(locale), enabled: open });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await adminOrdersApi.shippingAddress(orderId, values);
      toast.success(t("saved"));
      setOpen(false);
      router.refresh();
    } catch (error) {
      if (error instanceof HttpError) {
        setErrors(error.fieldErrors ?? {});
        toast.error(error.message);
      } else toast.error(t("failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="mt-1 text-sm text-brand-700 underline"
        onClick={() => {
          setValues(address);
          setErrors({});
          setOpen(true);
        }}
        data-testid="order-address-edit"
      >
        {t("open")}
      </button>
      <Dialog
        open={open}
        title={t("title")}
        onClose={() => setOpen(false)}
        size="md"
        testId="order-address-dialog"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={busy}>
              {tc("cancel")}
            </button>
            <button type="submit" form="order-address-form" className="btn-primary" disabled={busy} data-testid="order-address-save">
              {t("save")}
            </button>
          </>
        }
      >
        <form id="order-address-form" onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <p className="text-sm text-stone-600 sm:col-span-2">{t("text")}</p>
          {FIELDS.map((f) => (
            <TextField
              key={f}
              id={`order-address-${f}`}
              label={t(`fields.${f}`)}
              required={f !== "street2"}
              value={values[f] ?? ""}
              error={errors[f]}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            />
          ))}
          <SelectField
            id="order-address-countryCode"
            label={t("fields.countryCode")}
            required
            value={values.countryCode}
            error={errors.countryCode}
            options={(countries.data ?? [{ code: values.countryCode, name: values.countryCode }]).map((c) => ({
              value: c.code,
              label: c.name,
            }))}
            onChange={(e) => setValues((v) => ({ ...v, countryCode: e.target.value }))}
          />
        </form>
      </Dialog>
    </>
  );
}
