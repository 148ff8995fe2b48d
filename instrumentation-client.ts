// Runs in the browser before the app's code. Zod 4 probes `new Function` once to decide whether to
// compile fast object parsers; the page CSP (no 'unsafe-eval', lib/security/headers.ts) refuses the
// probe and the browser reports it as a violation. Parse without compiling in the browser instead.
//
// Zod reads its settings from `globalThis.__zod_globalConfig` (what `z.config()` writes) and keeps an
// object it finds there. Setting the flag there instead of calling `z.config` keeps zod itself out of
// every page's first load: most pages load it only with a form's schema, when the form is used.
// tests/unit/zod-jitless.test.ts checks that zod still takes the setting from there.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const zodConfig = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
zodConfig.jitless = true;

export {};
