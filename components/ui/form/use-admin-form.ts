"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { z } from "zod";
import { focusFirstError } from "@/components/ui/focus-first-error";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { useAdminMutation } from "./use-admin-mutation";
import { useUnsavedChanges } from "./use-unsaved-changes";

type Errors = Record<string, string>;

/** The fields whose value is plain text (not a flag, a list or a union of words). */
export type TextKey<V> = { [K in keyof V]-?: string extends V[K] ? (V[K] extends string ? K : never) : never }[keyof V];

/** As JSON, so nested groups and lists count as changed only when their content is. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useAdminForm<V extends object, S extends z.ZodType, R>(opts: {
  initial: () => V;
  schema: S;
  toBody?: (values: V) => unknown;
  /** Rules the schema cannot know (a name the list already has); the schema's error on a field wins. */
  check?: (values: V, body: z.output<S> | null) => Errors;
  mutationFn: (body: z.output<S>) => Promise<R>;
  success?: string | ((result: R) => string | null);
  onSaved?: (result: R) => void;
  /** The list a saved form goes back to, shown fresh (instead of `onSaved`). */
  backTo?: string;
  onError?: (error: unknown) => void;
  /** Stays open after a save, starting from what was sent or from what this answers (an add form empty again). */
  stay?: boolean | ((result: R) => V);
  /** Changes the values do not show (a picked image, unsaved drafts). */
  extraDirty?: boolean;
  /** Dialogs pass false: leaving the page or Cancel then asks nothing. */
  warn?: boolean;
  /** After the first submit every change checks again, so a fixed field loses its error at once. */
  liveCheck?: boolean;
  /** The errors to show once the values changed after a check (e.g. without those of changed fields). */
  visibleErrors?: (errors: Errors, checked: V, values: V) => Errors;
  /** The fields of a failed check or save, first first (e.g. to open the tab that holds them). */
  onInvalid?: (fields: string[]) => void;
}) {
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const [extraErrors, setExtraErrors] = useState<Errors>({});
  const [baseline, setBaseline] = useState(opts.initial);
  const [values, setValues] = useState(baseline);
  /** The values of the last submit: what the shown errors were found in. */
  const [checked, setChecked] = useState<V | null>(null);
  const [left, setLeft] = useState(false);
  const dirty = !left && (!!opts.extraDirty || !same(values, baseline));
  const confirmLeave = useUnsavedChanges(dirty && opts.warn !== false);

  // The errors (and e.g. a tab that shows them) commit first; then the submitted form's first invalid field gets the focus.
  const form = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) void focusFirstError(form.current, { immediate: true });
  }, [focusRequest]);
  function invalid(fields: string[]) {
    opts.onInvalid?.(fields);
    setFocusRequest((n) => n + 1);
  }

  const save = useAdminMutation({
    mutationFn: ({ body }: { body: z.output<S>; sent: V }) => opts.mutationFn(body),
    success: opts.success,
    onSuccess: (result, { sent }) => {
      if (typeof opts.stay === "function") {
        const next = opts.stay(result);
        setBaseline(next);
        setValues(next);
        setChecked(null);
      } else if (opts.stay) setBaseline(sent);
      else setLeft(true);
      opts.onSaved?.(result);
      if (opts.backTo) {
        router.push(opts.backTo);
        router.refresh();
      }
    },
    onFieldErrors: (errors) => invalid(Object.keys(errors)),
    onError: (error) => {
      fieldErrors.fromServer(error);
      opts.onError?.(error);
    },
  });

  function check(v: V): { body: z.output<S> } | { fields: string[] } {
    const input = opts.toBody ? opts.toBody(v) : v;
    const body = fieldErrors.validate(opts.schema, input);
    const extra = opts.check?.(v, body) ?? {};
    setExtraErrors(extra);
    if (body !== null && Object.keys(extra).length === 0) return { body };
    const issues = body === null ? (opts.schema.safeParse(input).error?.issues ?? []) : [];
    return { fields: [...issues.map((i) => i.path.join(".") || "_"), ...Object.keys(extra)] };
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    form.current = e.currentTarget;
    // A dialog's form sits in a portal, whose submit still bubbles to the page's form through React's tree.
    e.stopPropagation();
    setChecked(values);
    const result = check(values);
    if ("body" in result) save.mutate({ body: result.body, sent: values });
    else invalid(result.fields);
  }

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (opts.liveCheck && checked) check({ ...values, [field]: value });
  };

  /** Closes a form in place (an inline editor, a dialog), asking first like a link away would. */
  const cancel = (close: () => void) => {
    if (confirmLeave()) close();
  };

  const shown = { ...extraErrors, ...fieldErrors.errors };
  const errors = checked && opts.visibleErrors ? opts.visibleErrors(shown, checked, values) : shown;

  /** A text field's value, error and change handler: `<TextField id="…" label="…" {...bind("name")} />`. */
  const bind = <K extends TextKey<V>>(field: K) => ({
    value: values[field] as string,
    error: errors[field as string],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as V[K]),
  });
  return { values, setValues, set, errors, dirty, save, onSubmit, cancel, bind };
}
