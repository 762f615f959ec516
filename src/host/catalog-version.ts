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

let issued = 0;

/**
 * A catalogue version no other catalogue (in this process or another) says: for hosts whose
 * versions are counters. A counter alone would repeat across processes (`0` today and `0`
 * tomorrow with other tools), and a ranker saved at one would then trust a snapshot of other
 * tools; a durable version (a registry's revision) is for the host to give.
 */
export function uniqueCatalogVersion(): string {
	issued++;
	const random = Math.floor(Math.random() * 2 ** 48).toString(36);
	return `local:${Date.now().toString(36)}.${random}.${issued.toString(36)}`;
}
