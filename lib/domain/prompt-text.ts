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
  slots: readonly { position: number; text: string }[];
  specificPrompt?: string;
}

export function composePromptText(parts: PromptParts): string {
  const slots = [...parts.slots].sort((a, b) => a.position - b.position).map((s) => s.text);
  return [parts.masterPrompt ?? "", parts.styleText, ...slots, parts.specificPrompt ?? ""].map(sentence).filter(Boolean).join("\n\n");
}
