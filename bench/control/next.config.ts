import type { NextConfig } from "next";
import path from "node:path";

// The control app of `npm run bench`: the same Next version as the shop, nothing of ours. Its pages
// are the floors the shop's figures are measured against (bench/README.md).
const config: NextConfig = {
  poweredByHeader: false,
  turbopack: { root: path.join(import.meta.dirname, "..", "..") },
};

export default config;
