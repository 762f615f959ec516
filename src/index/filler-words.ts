/**
 * Query words that rarely say what a tool does: the conversational filler of requests phrased the
 * way people talk to an agent ("can you tell me…", "I need…", "a bit", "right now") and bare
 * numbers (values for the tool's arguments, such as "250 euros" or "at 6:30", not words that
 * describe a tool). They are still searched, at `rules.fillerWeight` of a word's score, and a
 * search that matched nothing else abstains. Not stop words: the index keeps them, so a tool
 * named `help` or a query for "http 404" still matches.
 */
import { tokenize } from "../tokenizer/tokenize.js";

/** Written from general knowledge of conversational English; stemmed like every query word. */
const FILLER_TEXT = [
	"tell want wanna need gonna gotta like love know think guess wonder mean let help try",
	"thing things something anything everything nothing stuff someone somebody anyone anybody",
	"really actually basically maybe perhaps probably definitely literally quite pretty rather",
	"much many lot lots bit little one ones good nice great cool fine awesome right now",
	"kind sort okay ok hey hi hello thanks thank sure quick quickly real still else ever even",
	"way able possible wondering hoping",
].join(" ");

const FILLER: ReadonlySet<string> = new Set(tokenize(FILLER_TEXT));

/** True for a query token (already tokenized) that is filler or a bare number. */
export function isFiller(token: string): boolean {
	return FILLER.has(token) || isBareNumber(token);
}

/** `/^\d+$/` (ASCII digits), without a regular expression run per planned word. */
function isBareNumber(token: string): boolean {
	if (token.length === 0) return false;
	for (let i = 0; i < token.length; i++) {
		const code = token.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return true;
}
