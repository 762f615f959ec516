/**
 * The `--help` text of `tool-search` and of each command.
 */

const CATALOGUE = `A catalogue is a JSON file of tools: an array of MCP tools (or of { name, description,
parameters }), a tools/list result ({ "tools": [...] }), or the format of the bundled datasets
(tools with "server"). Or --mcp-config <file>: the tools the servers of an MCP client
configuration list now (they are started, listed once and stopped).`;

const EXIT_CODES = `Exit codes: 0 done; 1 failed (a file missing or malformed, no MCP server answered, an
internal error); 2 wrong usage (unknown command or option, missing or bad argument).`;

const OUTPUT = `Results go to stdout; progress (on a terminal only), warnings and errors to stderr.
Colours only on a terminal: NO_COLOR=1 turns them off, FORCE_COLOR=1 forces them.`;

/** Help by command; `""` is the overview. */
export const HELP: Readonly<Record<string, string>> = {
	"": `tool-search: find, rank and activate the right tools for an LLM agent.

Usage: tool-search <command> [options]

Commands:
  search <catalogue> <query>        one tool_search call: the tools it finds, best first
  eval <catalogue> <requests>       the metrics of npm run eval on your labelled requests; the misses
  inspect <catalogue>               tools, namespaces, vocabulary, fields and weights; what to fix
  mcp --config <file>               an MCP server over stdio: tool_search in front of your MCP servers
  help [command]                    this text, or a command's

Options: -h, --help (also after a command); -v, --version.

${CATALOGUE}

${OUTPUT}

${EXIT_CODES}`,

	search: `Usage: tool-search search <catalogue> <query...> [options]
       tool-search search --mcp-config <file> <query...> [options]

Runs one tool_search call, as a model would, and prints the tools it finds (and would activate),
best first, with their scores. The query's words may be quoted or not.

Options:
  -n, --limit <n>          how many tools to find, 1 to 50 (default 8, as tool_search)
      --explain            why each tool scored what it did: the words it matched, in which
                           fields, and the ranking rules that applied
      --json               the result as JSON (tool_search's details; explanations with --explain)
      --mcp-config <file>  search the tools of the servers of an MCP configuration
      --options <file>     ranking options (JSON: fieldWeights, bm25, synonyms, glossary, fuzzy)

${CATALOGUE}

Example: tool-search search tools.json "create a github issue" --limit 3 --explain

${EXIT_CODES}`,

	eval: `Usage: tool-search eval <catalogue> <labelled-requests> [options]
       tool-search eval --mcp-config <file> <labelled-requests> [options]

Searches each labelled request as a tool_search call would and prints the metrics of npm run eval
over the requests with gold: R@1, R@5, R@10 (share of gold groups in the first 1, 5, 10), C@5
(every group in the first 5), nDCG@10 and MRR; abstention over requests no tool fits; then the
misses: requests with a gold tool outside the first 5 (--within), where it ranked, what came first.

Labelled requests: JSON Lines, one request a line, or a JSON array, or { "queries": [...] } (so a
bundled dataset file is its own labelled requests). A request is
  { "id": "optional", "query": "open a ticket", "relevant": ["jira__create_issue"] }
where "relevant" is a tool name, a list of them, or [] when no tool fits; "relevant_groups"
(lists of alternatives, any one finds the group) takes precedence.

Options:
      --within <n>         a miss is a gold tool outside the first n, 1 to 100 (default 5)
      --explain            for each miss, why each gold tool scored what it did
      --json               everything as JSON, every request included
      --mcp-config <file>  evaluate on the tools of the servers of an MCP configuration
      --options <file>     ranking options (JSON: fieldWeights, bm25, synonyms, glossary, fuzzy)

${CATALOGUE}

Example: tool-search eval tools.json requests.jsonl --explain

${EXIT_CODES}`,

	inspect: `Usage: tool-search inspect <catalogue> [options]
       tool-search inspect --mcp-config <file> [options]

Prints what the index sees in a catalogue (tools, namespaces, vocabulary size, each field with its
weight, how many tools have text in it and how long) and what to fix: tools without a description,
near-duplicate names (one spelling folded, or one character apart, on one server), one tool name
on several servers, descriptions shared word for word, names given to several tools.

Options:
      --json               everything as JSON, every list complete
      --mcp-config <file>  inspect the tools of the servers of an MCP configuration
      --options <file>     ranking options (JSON), for the fields' weights and the vocabulary

${CATALOGUE}

${EXIT_CODES}`,

	mcp: `Usage: tool-search mcp --config <file> [options]

An MCP server over stdio, for an MCP client (Claude Desktop, Claude Code, Cursor, VS Code, ...) to
start instead of your servers. It starts the servers of a standard MCP client configuration
("mcpServers" or VS Code's "servers": stdio "command", "args", "env", "cwd", or a streamable HTTP
"url" with "headers"; "disabled": true skips one; \${VAR} and \${VAR:-default} read the environment),
lists tool_search plus the tools found so far (named server__tool), forwards calls, follows each
server's tools/list_changed, and restarts a server that exits (5 attempts, backoff from 0.5 s).
It stops its servers and exits when its client closes stdin, or on SIGINT, SIGTERM, SIGHUP.
stdout carries the protocol; logs go to stderr. Needs @modelcontextprotocol/sdk installed.

Options:
  -c, --config <file>      the MCP client configuration (required)
      --pinned <names>     tools always listed, never searched (server__tool; repeat, or commas)
      --policy <policy>    which tools wait behind tool_search: all (the default: every tool),
                           auto (list every tool while there are at most 40), off (list every
                           tool), mcp-only, or a JSON file with a discovery policy
                           ({ "mode", "maxTools", "pinned", "pinnedNamespaces" })
      --auto-activate      a call to a tool not found yet loads it instead of an error result
      --meta-tools         list only tool_search and call_tool, ever (for clients that never
                           re-list tools); call_tool checks arguments and forwards the call
      --options <file>     ranking options (JSON: fieldWeights, bm25, synonyms, glossary, fuzzy)

Example client entry:
  { "mcpServers": { "tools": { "command": "npx",
      "args": ["-y", "-p", "tool-search", "-p", "@modelcontextprotocol/sdk", "tool-search", "mcp", "--config", "/path/to/servers.json"] } } }

${EXIT_CODES}`,
};
