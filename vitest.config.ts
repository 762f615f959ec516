import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
	resolve: {
		alias: {
			"tool-search/wink": fileURLToPath(new URL("./src/wink.ts", import.meta.url)),
			"tool-search": fileURLToPath(new URL("./src/index.ts", import.meta.url)),
		},
	},
	test: {
		include: ["test/**/*.test.ts"],
	},
});
