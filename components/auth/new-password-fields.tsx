"use client";

import type { ReactNode } from "react";
import { TextField } from "@/components/ui/form-field";

/** Whether the form's repeat field (`{name}Repeat`) differs from a password that was typed. */
export function repeatDiffers(form: FormData, name: string): boolean {
  const password = String(form.get(name) ?? "");
  return password.length > 0 && String(form.get(`${name}Repeat`) ?? "") !== password;
}

/** A new password with its hint, and its repeat (field `{name}Repeat`, id `{id}-repeat`) that shows the mismatch. */
export function NewPasswordFields({
  id,
  name,
  label,
  repeatLabel,
  hint,
  error,
  repeatError,
}: {
  id: string;
  name: string;
  label: ReactNode;
  repeatLabel: ReactNode;
  hint: ReactNode;
  error?: string;
  repeatError?: string;
}) {
  return (
    <>
      <TextField id={id} name={name} type="password" autoComplete="new-password" required label={label} hint={hint} error={error} />
      <TextField
        id={`${id}-repeat`}
        name={`${name}Repeat`}
        type="password"
        autoComplete="new-password"
        required
        label={repeatLabel}
        error={repeatError}
      />
    </>
  );
}
