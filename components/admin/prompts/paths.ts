/** Where the admin prompt screens live. */
export const PROMPTS_PATH = "/admin/prompts";
