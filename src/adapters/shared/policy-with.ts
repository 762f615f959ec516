/**
 * A discovery policy with some fields given by an adapter, the rest read from the caller's policy.
 * @internal
 */
import type { DiscoveryPolicy } from "../../integration/discovery-policy.js";

/**
 * `policy` behind `fields`: an object whose own properties are `fields` and whose prototype is
 * `policy`, so the caller's fields are read through it as `planDiscovery` reads a policy — inherited
 * ones and getters included (a spread copy keeps only own enumerable fields, and a getter's answer
 * of the moment). Nothing of `policy` is changed; a `policy` that is not an object is passed on
 * unchanged with `fields` left out, for `planDiscovery` to reject.
 */
export function policyWith(policy: unknown, fields: Partial<DiscoveryPolicy>): DiscoveryPolicy {
	if (policy === undefined) return { ...fields };
	if (typeof policy !== "object" || policy === null) return policy as DiscoveryPolicy;
	const own: PropertyDescriptorMap = {};
	for (const [key, value] of Object.entries(fields)) own[key] = { value, enumerable: true };
	return Object.create(policy, own) as DiscoveryPolicy;
}
