/**
 * How a generation prompt is put together, as pure text work (browser-safe): the prompt form shows
 * the composed prompt live with this, and lib/services/prompt-assembly.ts sends exactly the same.
 * Order: master prompt, style text, the slot variants' texts by their slot types' positions, specific
 * prompt — each its own paragraph.
 */

/** One part as clean text: paragraphs trimmed, runs of spaces folded, and a full stop added when it ends without punctuation. */
export function sentence(part: string): string {
  const text = part
    .split(/\n{2,}/)
    .map((para) => para.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
  if (!text) return "";
  return /[.!?…:;"')\]]$/.test(text) ? text : `${text}.`;
}

export interface PromptParts {
  masterPrompt?: string;
  styleText: string;
  /** Slot variant texts with their slot type's position (sorted here; ties keep their order). */
  slots: readonly { position: number; text: string }[];
  specificPrompt?: string;
}

export function composePromptText(parts: PromptParts): string {
  const slots = [...parts.slots].sort((a, b) => a.position - b.position).map((s) => s.text);
  return [parts.masterPrompt ?? "", parts.styleText, ...slots, parts.specificPrompt ?? ""].map(sentence).filter(Boolean).join("\n\n");
}
