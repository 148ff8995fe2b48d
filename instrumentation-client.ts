// Zod 4 probes `new Function` once, which the page CSP refuses and reports as a violation: parse without
// compiling. The flag is set on zod's global config rather than through `z.config`, keeping zod out of the
// first load (tests/unit/zod-jitless.test.ts checks zod still reads it).
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const zodConfig = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
