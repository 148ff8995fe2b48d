import { z } from "zod";

// Runs in the browser before the app's code. Zod 4 probes `new Function` once to decide whether to
// compile fast object parsers; the page CSP (no 'unsafe-eval', lib/security/headers.ts) refuses the
// probe and the browser reports it as a violation. Parse without compiling in the browser instead.
z.config({ jitless: true });
