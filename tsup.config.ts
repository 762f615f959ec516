import { defineConfig } from "tsup";

export default defineConfig({
	entry: { index: "src/index.ts", wink: "src/wink.ts" },
	format: ["esm", "cjs"],
	dts: true,
	sourcemap: true,
	clean: true,
	treeshake: true,
	target: "es2022",
	external: ["typebox", "wink-bm25-text-search"],
});
