"use client";

import { useTranslations } from "next-intl";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

type Common = { label: ReactNode; error?: string; required?: boolean; hint?: ReactNode };

/** The one marker of a required field, also for labels and legends outside the kit's fields; the control itself carries aria-required. */
export function RequiredMark() {
  // The star is drawn by CSS (.req::after): a page carries one short class per field, not a span.
  return <span className="req" />;
}

/** A form's message that belongs to no single field (a refusal, a failed request), read out as it appears. */
export function FormAlert({ id, testId, children }: { id?: string; testId?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" data-testid={testId} className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}

function Field({ label, error, required, hint, id, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={required ? "label req" : "label"}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** maxLength is checked, not enforced: the browser's attribute would cut pasted text silently. */
function useLengthLimit(value: unknown, maxLength: number | undefined, error: string | undefined) {
  const t = useTranslations("field");
  const length = typeof value === "string" ? [...value].length : 0;
  const over = maxLength !== undefined && length > maxLength;
  const overMessage = over ? t("tooManyCharacters", { count: length, max: maxLength }) : undefined;
  return { length, over, error: overMessage ?? error };
}

export function TextField({
  label,
  error,
  required,
  hint,
  counter,
  id,
  maxLength,
  ...input
}: Common & { counter?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const limit = useLengthLimit(input.value, maxLength, error);
  const counterHint =
    counter && maxLength && !limit.over ? (
      <span data-testid={`${fieldId}-counter`}>
        {limit.length}/{maxLength}
      </span>
    ) : undefined;
  return (
    <Field label={label} error={limit.error} required={required} hint={hint ?? counterHint} id={fieldId}>
      <input
        id={fieldId}
        className="input"
        aria-invalid={!!limit.error}
        aria-required={required || undefined}
        aria-describedby={describedBy(fieldId, limit.error, hint ?? counterHint)}
        {...input}
      />
      {counterHint && limit.error && <p className="mt-1 text-right text-xs text-stone-500">{counterHint}</p>}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  required,
  hint,
  id,
  maxLength,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const limit = useLengthLimit(textarea.value, maxLength, error);
  return (
    <Field label={label} error={limit.error} required={required} hint={hint} id={fieldId}>
      <textarea
        id={fieldId}
        className="input"
        aria-invalid={!!limit.error}
        aria-required={required || undefined}
        aria-describedby={describedBy(fieldId, limit.error, hint)}
        {...textarea}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  label,
  error,
  required,
  hint,
  id,
  options,
  placeholder,
  ...select
}: Common & { options: readonly SelectOption[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} error={error} required={required} hint={hint} id={fieldId}>
      <select
        id={fieldId}
        className="input"
        aria-invalid={!!error}
        aria-required={required || undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  id,
  ...input
}: Omit<Common, "required"> & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div>
      <label htmlFor={fieldId} className="flex items-center gap-2 text-sm text-stone-800">
        <input
          id={fieldId}
          type="checkbox"
          className="check"
          aria-invalid={!!error}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...input}
        />
        {label}
      </label>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
