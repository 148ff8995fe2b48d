"use client";

import { useState, type ReactNode } from "react";
import { TextField } from "@/components/ui/form-field";

/** Whether the form's repeat field (`{name}Repeat`) differs from a password that was typed. */
function repeatDiffers(form: FormData, name: string): boolean {
  const password = String(form.get(name) ?? "");
  return password.length > 0 && String(form.get(`${name}Repeat`) ?? "") !== password;
}

/** The repeat is checked on submit, beside the schema; `error` goes to NewPasswordFields' repeatError. */
export function useRepeatCheck(message: string) {
  const [error, setError] = useState<string | undefined>();
  function differs(form: FormData, name: string): boolean {
    const result = repeatDiffers(form, name);
    setError(result ? message : undefined);
    return result;
  }
  return { error, differs };
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
