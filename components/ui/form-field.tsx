"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

type Common = { label: ReactNode; error?: string; required?: boolean; hint?: ReactNode };

function Field({ label, error, required, hint, id, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && " *"}
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

export function TextField({
  label,
  error,
  required,
  hint,
  counter,
  id,
  ...input
}: Common & { counter?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const length = typeof input.value === "string" ? [...input.value].length : 0;
  const counterHint =
    counter && input.maxLength ? (
      <span data-testid={`${fieldId}-counter`} className={length > input.maxLength ? "text-red-600" : undefined}>
        {length}/{input.maxLength}
      </span>
    ) : undefined;
  return (
    <Field label={label} error={error} required={required} hint={hint ?? counterHint} id={fieldId}>
      <input
        id={fieldId}
        className="input"
        aria-invalid={!!error}
        aria-describedby={describedBy(fieldId, error, hint ?? counterHint)}
        {...input}
      />
      {counterHint && error && <p className="mt-1 text-right text-xs text-stone-500">{counterHint}</p>}
    </Field>
  );
}

export function TextAreaField({ label, error, required, hint, id, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} error={error} required={required} hint={hint} id={fieldId}>
      <textarea id={fieldId} className="input" aria-invalid={!!error} aria-describedby={describedBy(fieldId, error, hint)} {...textarea} />
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
      <select id={fieldId} className="input" aria-invalid={!!error} aria-describedby={describedBy(fieldId, error, hint)} {...select}>
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
