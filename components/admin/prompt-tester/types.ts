export interface ModelChoice {
  id: number;
  provider: string;
  displayName: string;
  active: boolean;
  usable: boolean;
  offline: boolean;
}

export interface PromptChoice {
  id: number;
  title: string;
  promptNumber: string | null;
  active: boolean;
  archived: boolean;
  styleText: string;
  slots: { position: number; text: string }[];
}

export const QUALITY_OPTIONS = ["low", "medium", "high"] as const;
export const SIZE_OPTIONS = ["1024x1024", "1024x1536", "1536x1024"] as const;
export const BACKGROUND_OPTIONS = ["auto", "opaque", "transparent"] as const;

export const HISTORY_PAGE_SIZE = 8;
