/** Empty on purpose: keeps the shop's root instrumentation.ts (database bootstrap) out of the control app (see proxy.ts). */
export function register(): void {}
