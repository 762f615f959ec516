/**
 * The built-in synonym groups: the verbs and objects tools are described with, where a user's
 * word and a tool's word commonly differ. Every word of a group expands to the others at reduced
 * weight (`synonyms.weight`). Words pass through `tokenize`, so plurals and case do not matter.
 * Kept small and generic on purpose: it must help any catalogue, not one benchmark.
 *
 * @example
 * ```ts
 * const search = new Bm25Ranker({ synonyms: { builtIn: false, groups: [...BUILT_IN_SYNONYMS, ["ticket", "issue"]] } });
 * ```
 */
export const BUILT_IN_SYNONYMS: readonly (readonly string[])[] = Object.freeze([
	// Verbs.
	["send", "post", "message", "notify"],
	["find", "search", "lookup", "query", "look"],
	["list", "enumerate", "browse"],
	["create", "add", "new", "make", "insert", "generate", "schedule"],
	["delete", "remove", "erase", "destroy"],
	["edit", "update", "modify", "change", "rename"],
	["get", "fetch", "retrieve", "obtain"],
	["download", "fetch"],
	["read", "open", "load"],
	["write", "save", "store"],
	["show", "display", "view", "render"],
	["run", "execute", "exec", "launch", "invoke"],
	["start", "begin", "launch"],
	["stop", "end", "terminate", "kill", "cancel"],
	["upload", "attach"],
	["copy", "duplicate", "clone"],
	["move", "relocate"],
	["convert", "transform", "export"],
	["calculate", "compute", "math", "evaluate"],
	["summarize", "summary", "digest"],
	["translate", "translation"],
	["schedule", "book", "reserve", "plan"],
	["analyze", "analysis", "inspect", "examine"],
	["compare", "diff", "difference"],
	// Objects.
	["email", "mail", "inbox", "e-mail"],
	["image", "picture", "photo", "img", "pic"],
	["video", "clip", "movie"],
	["audio", "sound", "music", "song", "track"],
	["folder", "directory", "dir"],
	["file", "document", "doc"],
	["spreadsheet", "sheet", "excel", "xlsx", "workbook"],
	["presentation", "slide", "powerpoint", "pptx", "deck"],
	["chart", "graph", "plot", "diagram", "visualization"],
	["web", "internet", "online", "website", "site", "webpage", "page", "url"],
	["repository", "repo"],
	["issue", "ticket", "bug"],
	["meeting", "event", "appointment", "calendar"],
	["task", "todo"],
	["note", "memo"],
	["user", "account", "profile", "member", "person", "people"],
	["location", "place", "address", "map", "coordinate"],
	["weather", "forecast", "temperature"],
	["price", "cost", "quote", "rate"],
	["stock", "share", "ticker", "equity"],
	["paper", "article", "publication", "preprint"],
	["news", "headline"],
	["screenshot", "snapshot", "capture"],
	["command", "shell", "terminal", "bash"],
	["package", "library", "dependency", "module"],
	["database", "db", "table", "sql"],
	["time", "clock", "date", "timezone"],
]);
