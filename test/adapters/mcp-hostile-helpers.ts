/**
 * What the hostile-server tests share: cleanups run after each test, and the unhandled rejections
 * a test caused, caught by a `process.on("unhandledRejection")` listener.
 */
import { afterEach, beforeEach } from "vitest";

/** Run, last first, after each test. */
export const cleanup: (() => Promise<void>)[] = [];

/** The reasons of the unhandled rejections since the test began. */
export const rejections: unknown[] = [];

const onRejection = (reason: unknown): void => {
	rejections.push(reason);
};

/** Registers the hooks: call once at the top of a test file. */
export function watchRejections(): void {
	beforeEach(() => {
		rejections.length = 0;
		process.on("unhandledRejection", onRejection);
	});
	afterEach(async () => {
		for (const close of cleanup.splice(0).reverse()) await close();
		process.off("unhandledRejection", onRejection);
	});
}

/** Lets every pending promise settle and Node report what was left unhandled. */
export const settle = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 10));
