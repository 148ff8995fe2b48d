"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

type Common = { label: ReactNode; error?: string; required?: boolean };

/** Label, control and field error wired for assistive technology (aria-invalid, aria-describedby). */
function Field({ label, error, required, id, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && " *"}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, required, id, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} error={error} required={required} id={fieldId}>
      <input id={fieldId} className="input" aria-invalid={!!error} aria-describedby={error ? `${fieldId}-error` : undefined} {...input} />
    </Field>
  );
}

export function TextAreaField({ label, error, required, id, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} error={error} required={required} id={fieldId}>
      <textarea id={fieldId} className="input" aria-invalid={!!error} aria-describedby={error ? `${fieldId}-error` : undefined} {...textarea} />
    </Field>
  );
}
