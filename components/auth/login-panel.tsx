"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { sessionQuery } from "@/lib/api-client/session";
import { Tabs } from "@/components/ui/tabs";
import { guestTarget } from "./after-sign-in";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type LoginTab = "signin" | "register";

/** Only the active tab's form is rendered; the email typed is kept across them. */
export function LoginPanel({
  callbackUrl,
  initialTab,
  initialForgot = false,
  initialTwoFactor = false,
}: {
  callbackUrl: string | null;
  initialTab: LoginTab;
  initialForgot?: boolean;
  initialTwoFactor?: boolean;
}) {
  const t = useTranslations("login");
  const { data: session } = useQuery(sessionQuery);
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [forgot, setForgot] = useState<false | "reset" | "signInLink">(initialForgot && initialTab === "signin" ? "reset" : false);
  const [email, setEmail] = useState("");
  const guest = session?.roles.some((r) => r === "customer" || r === "admin") ? null : guestTarget(callbackUrl, session);

  const showForgot = () => {
    setTab("signin");
    setForgot("reset");
  };
  const signIn = forgot ? (
    <ForgotPasswordForm key={forgot} kind={forgot} email={email} onEmailChange={setEmail} onBack={() => setForgot(false)} />
  ) : (
    <LoginForm
      callbackUrl={callbackUrl}
      email={email}
      onEmailChange={setEmail}
      onForgot={showForgot}
      onSignInLink={() => setForgot("signInLink")}
      initialTwoFactor={initialTwoFactor}
    />
  );

  return (
    <div className="space-y-6">
      <div className="card">
        <h1 className="mb-4 text-2xl font-semibold">{t("heading")}</h1>
        <Tabs
          label={t("tabsLabel")}
          active={tab}
          onChange={(id) => {
            setTab(id as LoginTab);
            setForgot(false);
          }}
          items={[
            { id: "signin", label: t("tabSignIn"), content: tab === "signin" ? signIn : null },
            {
              id: "register",
              label: t("tabRegister"),
              content:
                tab === "register" ? (
                  <RegisterForm email={email} onEmailChange={setEmail} onSignIn={() => setTab("signin")} onForgot={showForgot} />
                ) : null,
            },
          ]}
        />
      </div>
      {guest && (
        <section aria-labelledby="guest-title" className="rounded-lg border border-stone-200 bg-white px-5 py-4 text-sm">
          <h2 id="guest-title" className="font-semibold">
            {t("guestTitle")}
          </h2>
          <p className="mt-1 text-stone-600">{t("guestIntro")}</p>
          <Link href={guest} className="btn-secondary mt-3 w-full" data-testid="continue-as-guest">
            {t("continueAsGuest")}
          </Link>
        </section>
      )}
    </div>
  );
}
