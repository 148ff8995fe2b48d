import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { BASE_SECURITY_HEADERS } from "./lib/security/headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native / wasm packages stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "sharp", "@react-pdf/renderer"],
  poweredByHeader: false,
  // next-intl gets precompiled messages (loadCompiledMessages in lib/i18n/messages.ts): use-intl formats them with its
  // format-only build, so no ICU parser (intl-messageformat) is bundled, for the browser or the server.
  turbopack: {
    resolveAlias: { "use-intl/format-message": "use-intl/format-message/format-only" },
  },
  typedRoutes: false,
  experimental: {
    // A clean CI clone never reads the build cache back, so writing it there is wasted time.
    turbopackFileSystemCacheForBuild: !process.env.CI || ["false", "0"].includes(process.env.CI),
  },
  // npm test has just run tsc over the same tree; its build skips the second pass (which adds only the generated route types).
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  // nosniff, Referrer-Policy and Permissions-Policy on every answer (pages, API, files); the page
  // CSP with its per-request nonce and HSTS come from proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: BASE_SECURITY_HEADERS }];
  },
};

export default withNextIntl(nextConfig);
