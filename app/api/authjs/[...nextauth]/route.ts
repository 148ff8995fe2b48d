import { handlers } from "@/lib/auth/authjs";

// GET|POST /api/authjs/* – Auth.js's own endpoints (csrf, providers, credentials callback)
export const { GET, POST } = handlers;
