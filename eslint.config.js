// One ESLint run over the whole repository (`pnpm lint`). No type-aware rules: `pnpm typecheck`
// already runs tsc, and a second full type-check was what made the old lint take minutes.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/", "**/dist/", "**/.turbo/", "**/test-results/", "**/playwright-report/", "data/", "bench/results/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // tsc knows every global of the platform each file targets; ESLint's list would need a package of its own.
      "no-undef": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
      // What --noUnusedLocals --noUnusedParameters checked: a leading underscore marks one left unused on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "all",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: false,
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and never import the app's table types, so they type the database as any.
    files: ["apps/api/src/db/migrations/**", "**/*.test.{ts,tsx}", "**/test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}", "apps/admin/src/**/*.{ts,tsx}", "packages/ui/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // Warnings, not errors, for now: fixing them means moving hooks and helpers between files, or changing an effect's dependencies.
      "react-hooks/exhaustive-deps": "warn",
      "react-refresh/only-export-components": ["warn", { allowConstantExport: true }],
    },
  },
);
