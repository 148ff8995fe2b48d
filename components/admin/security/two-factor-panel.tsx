"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { HttpError } from "@/lib/api-client/fetcher";
import { twoFactorApi, type Enrollment } from "@/lib/api-client/two-factor";
import { FormAlert, TextField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";

type Errors = { code?: string; password?: string; form?: string };

function errorsOf(err: unknown, fallback: string): Errors {
  if (!(err instanceof HttpError)) return { form: fallback };
  if (err.fieldErrors && (err.fieldErrors.code || err.fieldErrors.password))
    return { code: err.fieldErrors.code, password: err.fieldErrors.password };
  return { form: err.message || fallback };
}

/** Off → secret and QR code → first code → recovery codes (once); on → password and code to turn off or renew the codes. */
export function TwoFactorPanel({ enabledAt, recoveryCodesLeft }: { enabledAt: string | null; recoveryCodesLeft: number }) {
  const t = useTranslations("twoFactor");
  const router = useRouter();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function run<T>(action: () => Promise<T>, then: (result: T) => void) {
    setPending(true);
    setErrors({});
    try {
      then(await action());
    } catch (err) {
      setErrors(errorsOf(err, t("error")));
    } finally {
      setPending(false);
    }
  }

  if (codes) {
    return (
      <div className="card space-y-3" data-testid="recovery-codes-card">
        <h2 className="text-lg font-semibold">{t("recoveryTitle")}</h2>
        <p className="text-stone-700">{t("recoveryIntro")}</p>
        <ol className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code} className="rounded bg-stone-100 px-2 py-1">
              {code}
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn-primary"
          data-testid="recovery-codes-done"
          onClick={() => {
            setCodes(null);
            router.refresh();
          }}
        >
          {t("recoveryDone")}
        </button>
      </div>
    );
  }

  if (enabledAt) {
    // Both buttons submit this form; the one pressed says what to do.
    const confirm = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const data = new FormData(e.currentTarget);
      const body = { password: String(data.get("password") ?? ""), code: String(data.get("code") ?? "") };
      const action = ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
      if (action === "disable")
        void run(
          () => twoFactorApi.disable(body),
          () => {
            toast.success(t("turnedOff"));
            router.refresh();
          },
        );
      else
        void run(
          () => twoFactorApi.regenerate(body),
          (r) => setCodes(r.recoveryCodes),
        );
    };
    return (
      <div className="card space-y-3">
        <p className="font-medium text-green-800" data-testid="two-factor-on">
          {t("statusOn", { date: enabledAt })}
        </p>
        <p className="text-sm text-stone-600" data-testid="recovery-codes-left">
          {t("recoveryLeft", { count: recoveryCodesLeft })}
        </p>
        <form className="space-y-3" noValidate onSubmit={confirm}>
          <p className="text-stone-700">{t("confirmIntro")}</p>
          <TextField
            id="two-factor-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={t("password")}
            error={errors.password}
          />
          <TextField
            id="two-factor-confirm-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            label={t("code")}
            error={errors.code}
          />
          {errors.form && <FormAlert>{errors.form}</FormAlert>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" value="regenerate" className="btn-secondary" disabled={pending} data-testid="two-factor-regenerate">
              {t("regenerate")}
            </button>
            <button type="submit" value="disable" className="btn-danger" disabled={pending} data-testid="two-factor-disable">
              {t("disable")}
            </button>
          </div>
        </form>
      </div>
    );
  }

  if (enrollment) {
    const enable = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const code = String(new FormData(e.currentTarget).get("code") ?? "");
      void run(
        () => twoFactorApi.enable(code),
        (r) => setCodes(r.recoveryCodes),
      );
    };
    return (
      <form className="card space-y-3" noValidate onSubmit={enable} data-testid="two-factor-enroll">
        <p className="text-stone-700">{t("scan")}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server, nothing to optimise */}
        <img
          src={enrollment.qrCode}
          alt={t("qrAlt")}
          width={200}
          height={200}
          className="rounded border border-stone-200 bg-white"
          data-testid="two-factor-qr"
        />
        <p className="text-sm text-stone-700">{t("manual")}</p>
        <code
          className="block break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm"
          data-testid="two-factor-secret"
          data-otpauth-uri={enrollment.otpauthUri}
        >
          {enrollment.secret}
        </code>
        <TextField
          id="two-factor-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          label={t("code")}
          error={errors.code}
        />
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <button type="submit" className="btn-primary" disabled={pending} data-testid="two-factor-enable">
          {t("enable")}
        </button>
      </form>
    );
  }

  return (
    <div className="card space-y-3">
      <p className="font-medium" data-testid="two-factor-off">
        {t("statusOff")}
      </p>
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <button
        type="button"
        className="btn-primary"
        disabled={pending}
        data-testid="two-factor-start"
        onClick={() => void run(twoFactorApi.setup, setEnrollment)}
      >
        {t("start")}
      </button>
    </div>
  );
}
