// Zod probes `new Function` once, which the page CSP refuses: parse without compiling. Set on zod's
// global config rather than `z.config` to keep zod out of the first load.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const zodConfig = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
