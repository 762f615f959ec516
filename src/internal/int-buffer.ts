/**
 * A growable list of 32-bit integers: `values[0, length)`, room doubled as needed.
 * @internal
 */
export class IntBuffer {
	values = new Int32Array(256);
	length = 0;

	push(value: number): void {
		if (this.length === this.values.length) {
			const values = new Int32Array(2 * this.values.length);
			values.set(this.values);
			this.values = values;
		}
		this.values[this.length++] = value;
	}
}
