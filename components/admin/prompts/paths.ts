export const PROMPTS_PATH = "/admin/prompts";
