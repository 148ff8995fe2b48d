"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useAdminMutation } from "./use-admin-mutation";
import { useUnsavedChanges } from "./use-unsaved-changes";

export function useAdminForm<V extends object, S extends z.ZodType, R>(opts: {
  initial: () => V;
  schema: S;
  toBody?: (values: V) => unknown;
  mutationFn: (body: z.output<S>) => Promise<R>;
  success?: string | ((result: R) => string | null);
  /** After a successful save (usually: back to the list); the unsaved-changes warning is off by then. */
  onSaved?: (result: R) => void;
  /** Changes the values do not show (a picked image). */
  extraDirty?: boolean;
  /** Focus the first invalid field of the form with this test id when the check or the save fails. */
  formTestId?: string;
  /** After the first submit every change checks again, so a fixed field loses its error at once. */
  liveCheck?: boolean;
}) {
  const { errors, validate, fromServer } = useFieldErrors();
  const [initial] = useState(opts.initial);
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const dirty = !!opts.extraDirty || (Object.keys(initial) as (keyof V)[]).some((k) => values[k] !== initial[k]);
  useUnsavedChanges(dirty && !saved);

  const save = useAdminMutation({
    mutationFn: opts.mutationFn,
    success: typeof opts.success === "function" ? (result: R) => (opts.success as (r: R) => string | null)(result) : opts.success,
    onSuccess: (result: R) => {
      setSaved(true);
      opts.onSaved?.(result);
    },
    onError: (err) => {
      fromServer(err);
      focusFirstError();
    },
  });

  function focusFirstError() {
    if (!opts.formTestId) return;
    const selector = `[data-testid="${opts.formTestId}"] [aria-invalid="true"]`;
    requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
  }

  const check = (v: V) => validate(opts.schema, opts.toBody ? opts.toBody(v) : v);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const body = check(values);
    if (body) save.mutate(body);
    else focusFirstError();
  }

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (opts.liveCheck && submitted) check(next);
  };

  return { values, setValues, set, errors, validate, fromServer, dirty, save, onSubmit };
}
