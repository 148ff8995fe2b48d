"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { HttpError, joinFieldErrors } from "@/lib/api-client/fetcher";

export type AdminMutationKind = "save" | "delete" | "load";

/** The global mutation toast is silenced for these: one toast, not two. */
export function useAdminMutation<TVars, TResult>(opts: {
  kind?: AdminMutationKind;
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Success toast text, or a function of the result; omit for no toast. */
  success?: string | ((result: TResult, vars: TVars) => string | null);
  onSuccess?: (result: TResult, vars: TVars) => void;
  /** Field errors of a 4xx answer (already in the user's language). */
  onFieldErrors?: (errors: Record<string, string>) => void;
  onError?: (error: unknown) => void;
}) {
  const te = useTranslations("errors");
  const kind = opts.kind ?? "save";
  return useMutation({
    mutationFn: opts.mutationFn,
    meta: { silent: true },
    retry: false,
    onSuccess: (result, vars) => {
      const text = typeof opts.success === "function" ? opts.success(result, vars) : opts.success;
      if (text) toast.success(text);
      opts.onSuccess?.(result, vars);
    },
    onError: (error) => {
      if (error instanceof HttpError && error.fieldErrors) opts.onFieldErrors?.(error.fieldErrors);
      const title = kind === "delete" ? te("failedToDelete") : kind === "load" ? te("failedToLoad") : te("failedToSave");
      const silentAuth = error instanceof HttpError && (error.status === 401 || error.status === 403);
      if (!silentAuth) toast.error(title, { description: describe(error, !!opts.onFieldErrors) });
      opts.onError?.(error);
    },
  });
}

function describe(error: unknown, fieldsShown: boolean): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (!fieldsShown || !(error instanceof HttpError) || !error.fieldErrors) return error.message;
  const tail = `: ${joinFieldErrors(error.fieldErrors)}`;
  if (!error.message.endsWith(tail)) return error.message;
  const message = error.message.slice(0, -tail.length);
  const others = [...new Set(Object.values(error.fieldErrors))].filter((m) => m !== message);
  return others.length > 0 ? `${message}: ${others.join(", ")}` : message;
}
