/**
 * Free text that reaches details and traces (error messages, a judge's reason): cut, one line,
 * with bearer tokens and API-key-like words redacted. A host's callback may put anything in an
 * error message; a trace file outlives the request.
 */
import { MAX_TRACE_TEXT_LENGTH } from "../defaults.js";

/** `Bearer <token>`, `Basic <token>`, and words shaped like API keys (`sk-…`, `ghp_…`, `xoxb-…`, …). */
const SECRET =
	/\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+|\b(?:sk|pk|rk|ghp|gho|ghs|ghu|github_pat|xox[abpr]|AKIA|glpat)[-_][A-Za-z0-9_-]{8,}|\bAKIA[0-9A-Z]{16}\b|\b[A-Za-z0-9_-]*(?:api[_-]?key|token|secret|password)=[^\s&]+/gi;

/**
 * `text` on one line (runs of whitespace folded), secrets redacted as `[redacted]`, cut to
 * {@link MAX_TRACE_TEXT_LENGTH} characters (`…` marks a cut).
 */
export function traceText(text: string): string {
	const line = text.replace(/\s+/g, " ").trim().replace(SECRET, "[redacted]");
	return line.length > MAX_TRACE_TEXT_LENGTH ? `${line.slice(0, MAX_TRACE_TEXT_LENGTH - 1)}…` : line;
}
