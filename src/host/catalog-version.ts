/**
 * The host's catalogue version (`ToolCatalog.getCatalogVersion`), read defensively: a string or a
 * finite number, else `undefined` (no signal: the caller checks every tool).
 */
import { isObjectLike } from "../internal/guards.js";

/** What `host.getCatalogVersion()` says, or `undefined` when it has no such method, throws or answers something else. */
export function readCatalogVersion(host: unknown): string | number | undefined {
	try {
		const method = isObjectLike(host) ? host.getCatalogVersion : undefined;
		if (typeof method !== "function") return undefined;
		const version: unknown = method.call(host);
		if (typeof version === "string") return version;
		if (typeof version === "number" && Number.isFinite(version)) return version;
		return undefined;
	} catch {
		return undefined; // a host that cannot say: every tool is checked
	}
}
