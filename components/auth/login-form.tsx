"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { HttpError } from "@/lib/api-client/fetcher";
import { safeCallbackPath } from "@/lib/callback-url";
import { login, sessionQuery } from "@/lib/api-client/session";

export function LoginForm({ callbackUrl }: { callbackUrl: string | null }) {
  const t = useTranslations("login");
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const session = await login({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
      // After login the user goes to /admin (spec section 2), or back to the page the guard sent them from.
      // The page already checked it; checked again here so no caller can hand the form an outside URL.
      const target = safeCallbackPath(callbackUrl) ?? (session.roles.includes("admin") ? "/admin" : "/");
      window.location.assign(target);
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0;
      setError(status === 401 || status === 422 ? t("invalidCredentials") : status === 429 ? t("tooManyAttempts") : t("error"));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="email" className="label">
          {t("email")}
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="input" />
      </div>
      <div>
        <label htmlFor="password" className="label">
          {t("password")}
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="input" />
      </div>
      {error && (
        <p role="alert" data-testid="login-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
