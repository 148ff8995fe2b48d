import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      ".test-data/**",
      "next-env.d.ts",
      "db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "bench/control/.next/**",
      "bench/control/next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // Layering rule from the architecture document: client code never imports the database or services.
    files: ["components/**/*.{ts,tsx}", "lib/api-client/**/*.ts", "lib/schemas/**/*.ts", "lib/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["@/db"],
          patterns: [
            "@/db/*",
            "!@/db/order-vocabulary",
            "!@/db/audit-vocabulary",
            "@/lib/services/*",
            "@/lib/auth/*",
            "@/lib/integrations/*",
          ],
        },
      ],
    },
  },
  {
    // Floors: services know no HTTP; what they need of a request lives in lib/request-context.
    files: ["lib/services/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["@/lib/api/*", "@/app/*", "@/components/*"] }] },
  },
  {
    // These services get the viewer from their caller and stand below lib/auth.
    files: [
      "lib/services/{generation,generation-outcome,generation-jobs,users}.ts",
      "lib/services/{ai-test,images,print,two-factor}/**/*.ts",
    ],
    rules: { "no-restricted-imports": ["error", { patterns: ["@/lib/api/*", "@/lib/auth/*", "@/app/*", "@/components/*"] }] },
  },
  {
    files: ["lib/request-context/**/*.ts", "lib/security/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/lib/api/*", "@/lib/auth/*", "@/lib/services/*", "@/app/*", "@/components/*"] }],
    },
  },
  {
    // No import circles in lib/ and components/. db/ stays outside: db/schema/media.ts and
    // db/schema/prompts.ts reference each other's tables (a real two-way foreign key).
    // Packages are not parsed: their exports cannot close a circle of ours, and PGlite's bundle overflows the parser.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
];

export default config;
