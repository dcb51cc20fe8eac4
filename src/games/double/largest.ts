/**
 * The few largest of many numbers, largest first, without sorting them all: a beam keeps 64 or
 * 128 of a few hundred candidates at every move. A heap of the `count` largest seen so far
 * (smallest at its root), then that heap sorted in place. The keys are distinct (a beam puts
 * each candidate's index in the low bits), so the result is the same as a full sort's.
 */

/** Moves the `count` largest of `keys[0..n)` to `keys[0..count)`, largest first; returns how many that is. */
export function largestFirst(keys: Float64Array, n: number, count: number): number {
  const k = Math.min(count, n);
  if (k === 0) return 0;
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(keys, i, k);
  for (let i = k; i < n; i++) {
    const x = keys[i]!;
    if (x > keys[0]!) {
      keys[0] = x;
      siftDown(keys, 0, k);
    }
  }
  // Heap sort on a min-heap: each smallest goes to the end, leaving the largest first.
  for (let end = k - 1; end > 0; end--) {
    const smallest = keys[0]!;
    keys[0] = keys[end]!;
    keys[end] = smallest;
    siftDown(keys, 0, end);
  }
  return k;
}

/** Restores the min-heap order of `keys[0..size)` below `i`. */
function siftDown(keys: Float64Array, i: number, size: number): void {
  const x = keys[i]!;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
    if (keys[child]! >= x) break;
    keys[i] = keys[child]!;
    i = child;
  }
  keys[i] = x;
}
