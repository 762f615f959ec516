import { defineConfig } from "tsup";

export default defineConfig({
	entry: {
		index: "src/index.ts",
		ranking: "src/ranking.ts",
		pipeline: "src/pipeline.ts",
		wink: "src/wink.ts",
		"adapters/pi": "src/adapters/pi.ts",
		"adapters/ai-sdk": "src/adapters/ai-sdk.ts",
		"adapters/mcp": "src/adapters/mcp.ts",
		"adapters/anthropic": "src/adapters/anthropic.ts",
		"adapters/openai": "src/adapters/openai.ts",
	},
	format: ["esm", "cjs"],
	dts: true,
	sourcemap: true,
	clean: true,
	treeshake: true,
	target: "es2022",
	external: [
		"typebox",
		"wink-bm25-text-search",
		"ai",
		"openai",
		"@anthropic-ai/sdk",
		/^@modelcontextprotocol\/sdk/,
		/^@mariozechner\/pi-coding-agent/,
		/^@earendil-works\//,
	],
});
