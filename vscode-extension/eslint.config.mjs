// ESLint for the extension's TypeScript (`npm run lint`; scripts/check-style
// runs it for CTest `style`): ESLint's and typescript-eslint's recommended
// rules, with the type-aware ones (floating promises, unsafe any), over the
// files tsconfig.json checks.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "out/", "node_modules/", "server/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's test() and describe() return promises that the runner
      // itself awaits.
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "node:test", name: ["test", "describe", "it"] }] },
      ],
    },
  },
  // This file and the end-to-end test: plain JavaScript, outside tsconfig.json.
  { files: ["**/*.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    // The end-to-end test runs on Node; getComputedStyle is called in the
    // page (playwright's evaluate callbacks).
    files: ["tests/e2e/**/*.mjs"],
    languageOptions: {
      globals: { process: "readonly", setTimeout: "readonly", clearTimeout: "readonly", getComputedStyle: "readonly" },
    },
  },
);
