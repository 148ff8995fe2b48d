import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native / wasm packages stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "sharp", "@react-pdf/renderer"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
