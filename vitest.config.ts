import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
	resolve: {
		alias: {
			"tool-search/ranking": fileURLToPath(new URL("./src/ranking.ts", import.meta.url)),
			"tool-search/pipeline": fileURLToPath(new URL("./src/pipeline.ts", import.meta.url)),
			"tool-search/wink": fileURLToPath(new URL("./src/wink.ts", import.meta.url)),
			"tool-search/meta-tools": fileURLToPath(new URL("./src/meta-tools.ts", import.meta.url)),
			"tool-search/pi": fileURLToPath(new URL("./src/adapters/pi.ts", import.meta.url)),
			"tool-search/ai-sdk": fileURLToPath(new URL("./src/adapters/ai-sdk.ts", import.meta.url)),
			"tool-search/mcp": fileURLToPath(new URL("./src/adapters/mcp.ts", import.meta.url)),
			"tool-search/anthropic": fileURLToPath(new URL("./src/adapters/anthropic.ts", import.meta.url)),
			"tool-search/openai": fileURLToPath(new URL("./src/adapters/openai.ts", import.meta.url)),
			"tool-search/testing": fileURLToPath(new URL("./src/testing.ts", import.meta.url)),
			"tool-search": fileURLToPath(new URL("./src/index.ts", import.meta.url)),
		},
	},
	test: {
		include: ["test/**/*.test.ts"],
		// A hang guard, not a speed check: the property tests take 4–5 s on a loaded 2-core machine.
		testTimeout: 30_000,
	},
});
