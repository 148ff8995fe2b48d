"use client";

import { useState, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";

interface SettingSwitchProps {
  title: string;
  intro?: ReactNode;
  label: string;
  checked: boolean;
  /** Saves and answers the stored value, which the switch then shows. */
  save: (next: boolean) => Promise<boolean>;
  savedMessage: string;
  errorMessage: string;
  testId: string;
  className?: string;
}

/** One setting needs no form: the switch saves on change. */
export function SettingSwitch({
  title,
  intro,
  label,
  checked: initial,
  save,
  savedMessage,
  errorMessage,
  testId,
  className,
}: SettingSwitchProps) {
  const [checked, setChecked] = useState(initial);
  const [pending, setPending] = useState(false);

  async function change(next: boolean) {
    setChecked(next);
    setPending(true);
    try {
      setChecked(await save(next));
      toast.success(savedMessage);
    } catch (err) {
      setChecked(!next);
      toast.error(err instanceof Error && err.message ? err.message : errorMessage);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={`card space-y-2 ${className ?? ""}`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {intro && <p className="text-sm text-stone-700">{intro}</p>}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={checked} disabled={pending} onChange={(e) => void change(e.target.checked)} data-testid={testId} />
        <span>{label}</span>
      </label>
    </div>
  );
}
