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
    // The floors of docs/architecture.md: an import goes down a floor or stays in its folder. The zones
    // resolve files, so relative imports are caught as well as "@/" ones.
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib/domain", from: "./lib", except: ["./domain"], message: "lib/domain imports only itself." },
            {
              target: "./lib/domain",
              from: "./db",
              except: ["./order-vocabulary.ts", "./audit-vocabulary.ts"],
              message: "lib/domain is pure: only the shared vocabularies come from db/.",
            },
            {
              target: ["./lib/services", "./lib/request-context", "./lib/security", "./lib/integrations", "./lib/schemas", "./lib/domain"],
              from: ["./lib/api", "./lib/auth", "./app", "./components"],
              message: "Services and what they stand on know no HTTP: the caller hands them the viewer and the request's facts.",
            },
            {
              target: ["./lib/request-context", "./lib/security", "./lib/integrations"],
              from: "./lib/services",
              message: "This floor is below the services.",
            },
            {
              target: "./lib/services/orders/core",
              from: "./lib/services/orders",
              except: ["./core"],
              message: "orders/core is the bottom of the order domain: the use cases stand on it, never the reverse.",
            },
            {
              target: ["./lib/services/invoices", "./lib/services/mail", "./lib/services/link-tokens", "./lib/services/seller-settings"],
              from: ["./lib/services/orders", "./lib/services/privacy", "./lib/services/scheduled-jobs"],
              message: "Invoices and mail sit below orders and never import them.",
            },
          ],
        },
      ],
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
