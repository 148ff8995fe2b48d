"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { focusFirstError } from "@/components/ui/focus-first-error";
import { TextField } from "@/components/ui/form-field";
import type { PersonalData } from "./editor-state";
import type { PersonalSchema } from "./editor-schemas";
import { editorSchemas } from "./lazy-editor-schemas";
import type { Editor } from "./use-editor";

type Field = keyof PersonalData;

function useErrors(schema: PersonalSchema | null, values: PersonalData, touched: Set<Field>) {
  const t = useTranslations();
  const parsed = schema?.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== "string" || !(field in values) || !touched.has(field as Field) || errors[field as Field]) continue;
      const key = issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
      errors[field as Field] = t(key as Parameters<typeof t>[0]);
    }
  }
  return errors;
}

export function PersonalStep({ editor }: { editor: Editor }) {
  const t = useTranslations("editor.personal");
  const { state, dispatch, asUser, accountData, usesAccountData } = editor;
  const [touched, setTouched] = useState<Set<Field>>(
    () =>
      new Set(
        Object.entries(state.personal)
          .filter(([, v]) => v !== "")
          .map(([k]) => k as Field),
      ),
  );
  const errors = useErrors(editor.personalSchema, state.personal, touched);
  const touch = (field: Field) => setTouched((prev) => new Set(prev).add(field));
  const formRef = useRef<HTMLFormElement>(null);
  // The rules started loading with the photo; if that failed, this step tries again.
  useEffect(() => {
    if (!editor.personalSchema) editorSchemas.preload();
  }, [editor.personalSchema]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (editor.personalSchema?.safeParse(state.personal).success) return void editor.next();
    setTouched(new Set(Object.keys(state.personal) as Field[]));
    void focusFirstError(formRef.current);
  }

  const field = (name: Field, props: { type: string; autoComplete: string; required?: boolean }) => (
    <TextField
      name={name}
      label={t(name)}
      value={state.personal[name]}
      error={errors[name]}
      onChange={(e) => dispatch({ type: "setPersonal", values: { [name]: e.target.value } })}
      onBlur={() => touch(name)}
      {...props}
    />
  );

  return (
    <div className="max-w-xl space-y-4">
      {asUser ? (
        <>
          <div className="rounded-md border border-stone-200 bg-white p-4 text-sm" data-testid="account-data">
            <p className="mb-2 text-stone-600">{t("accountData")}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {(["email", "firstName", "lastName", "phone"] as const).map((k) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-stone-700">{t(k)}</dt>
                  <dd>{accountData[k] || <span className="text-stone-400">{t("notProvided")}</span>}</dd>
                </div>
              ))}
            </dl>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={state.useDifferentData}
              onChange={(e) => dispatch({ type: "setUseDifferentData", value: e.target.checked, defaults: accountData })}
              className="check"
            />
            {t("useDifferent")}
          </label>
        </>
      ) : (
        <p className="text-stone-600">{t("guestNote")}</p>
      )}
      {!usesAccountData && (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" data-testid="personal-form">
          {field("email", { type: "email", autoComplete: "email", required: true })}
          {field("phone", { type: "tel", autoComplete: "tel" })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("firstName", { type: "text", autoComplete: "given-name" })}
            {field("lastName", { type: "text", autoComplete: "family-name" })}
          </div>
          {/* Makes Enter submit the form; the wizard's Next button is the visible way on. */}
          <button type="submit" hidden tabIndex={-1} />
        </form>
      )}
      {state.registration === "failed" && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("registrationFailed")}
        </p>
      )}
    </div>
  );
}
