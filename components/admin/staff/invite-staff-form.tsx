"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { staffApi } from "@/lib/api-client/staff";
import { useAdminMutation } from "@/components/ui/form/use-admin-mutation";
import { TextField } from "@/components/ui/form-field";

const EMPTY = { email: "", firstName: "", lastName: "" };

export function InviteStaffForm() {
  const t = useTranslations("adminStaff");
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useAdminMutation({
    mutationFn: () =>
      staffApi.invite({ email: values.email, firstName: values.firstName || undefined, lastName: values.lastName || undefined }),
    success: (result) => t("invited", { email: result.email }),
    onSuccess: () => {
      setValues(EMPTY);
      router.refresh();
    },
    onFieldErrors: setErrors,
  });
  const bind = (key: keyof typeof EMPTY) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    invite.mutate(undefined);
  }
  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-lg space-y-4" data-testid="staff-invite-form">
      <h2 className="text-lg font-semibold">{t("inviteTitle")}</h2>
      <p className="text-sm text-stone-600">{t("inviteHint")}</p>
      <TextField id="staff-email" type="email" autoComplete="off" required maxLength={254} label={t("email")} {...bind("email")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="staff-first-name" maxLength={100} label={t("firstName")} {...bind("firstName")} />
        <TextField id="staff-last-name" maxLength={100} label={t("lastName")} {...bind("lastName")} />
      </div>
      <button type="submit" className="btn-primary" disabled={invite.isPending} data-testid="staff-invite-submit">
        {invite.isPending ? t("inviting") : t("invite")}
      </button>
    </form>
  );
}
