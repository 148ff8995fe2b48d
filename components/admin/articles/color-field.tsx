"use client";

import { useId } from "react";
import { HexColorPicker } from "react-colorful";
import { RequiredMark } from "@/components/ui/form-field";

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  const valid = HEX.test(value.trim());
  return (
    <div data-testid={`${id}-field`}>
      <label htmlFor={id} className="label">
        {label}
        <RequiredMark />
      </label>
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          className="hidden h-9 w-9 shrink-0 rounded-md sm:block border border-stone-300 shadow-inner"
          style={{ backgroundColor: valid ? value.trim() : "transparent" }}
          data-testid={`${id}-swatch`}
        />
        <input
          id={id}
          className="input font-mono uppercase"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : hintId}
          onChange={(e) => {
            const v = e.target.value.trim();
            onChange(v === "" || v.startsWith("#") ? v.toUpperCase() : `#${v.toUpperCase()}`);
          }}
        />
      </div>
      {/* react-colorful injects an unlayered 200 × 200 px rule that beats Tailwind's layered utilities: hence the "!". */}
      <div className="mt-2 [&_.react-colorful]:h-28! [&_.react-colorful]:w-full! [&_.react-colorful]:max-w-56 sm:[&_.react-colorful]:h-32!">
        <HexColorPicker color={valid ? value.trim() : "#FFFFFF"} onChange={(c) => onChange(c.toUpperCase())} aria-label={label} />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : (
        <p id={hintId} className="sr-only">
          #RRGGBB
        </p>
      )}
    </div>
  );
}
