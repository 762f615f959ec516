import { defineConfig, type Options } from "tsup";

const external: Options["external"] = [
	"typebox",
	"wink-bm25-text-search",
	"ai",
	"openai",
	"@anthropic-ai/sdk",
	/^@modelcontextprotocol\/sdk/,
	/^@mariozechner\/pi-coding-agent/,
	/^@earendil-works\//,
];

export default defineConfig([
	{
		entry: {
			index: "src/index.ts",
			ranking: "src/ranking.ts",
			wink: "src/wink.ts",
			"meta-tools": "src/meta-tools.ts",
			pipeline: "src/pipeline.ts",
			"adapters/pi": "src/adapters/pi.ts",
			"adapters/ai-sdk": "src/adapters/ai-sdk.ts",
			"adapters/mcp": "src/adapters/mcp.ts",
			"adapters/anthropic": "src/adapters/anthropic.ts",
			"adapters/openai": "src/adapters/openai.ts",
			testing: "src/testing.ts",
		},
		format: ["esm", "cjs"],
		dts: true,
		sourcemap: true,
		// dist/cli is the CLI build's own (below): both builds run at once.
		clean: ["!cli/**"],
		treeshake: true,
		target: "es2022",
		external,
	},
	// The `tool-search` bin: one ESM program (its shebang is kept from src/cli/main.ts). Split, so
	// the MCP SDK, an optional peer, is loaded only by the commands that use it.
	{
		entry: { main: "src/cli/main.ts" },
		outDir: "dist/cli",
		format: ["esm"],
		splitting: true,
		dts: false,
		sourcemap: true,
		clean: true,
		treeshake: true,
		target: "es2022",
		external,
	},
]);
