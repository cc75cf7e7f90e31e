import type { ScanPool } from './scan-pool.js';
import { scanScratchBytes } from './scan-protocol.js';
import { createSimdDotKernel, simdStride } from './simd-dot-kernel.js';
import { createSimdInt8Kernel, int8CodeLimit, int8Stride } from './simd-int8-kernel.js';

/**
 * An in-memory float32 copy of a space's vectors, searched exhaustively: one WebAssembly SIMD pass computes every
 * row's dot product with the query, then one JavaScript pass turns them into cosine distances and keeps the k best
 * visible rows in a heap. Every row is compared, so the result is the exact top k, like sqlite-vec's vec0 KNN; only
 * the float32 rounding of the sums differs (distances agree to ~1e-6).
 *
 * With a scan pool, a large index splits the dot products across threads (scan-pool.ts): the same kernel on the
 * same rows, so the same bytes as one thread. The WebAssembly memory is shared for that reason, even without a pool.
 *
 * The bounded scan (from `boundedMinimumRows` rows): past the cache a float32 scan is bound by the memory it reads,
 * so each row also has an int8 copy (one code a value, scaled by the row's largest value) and the first pass reads
 * those, a quarter of the bytes, with an exact integer dot product against the query's int16 codes. From the row's and the query's rounding errors
 * (Cauchy–Schwarz: |x·q − s·t·(c·d)| ≤ s‖c‖·‖q − t·d‖ + ‖x − s·c‖·‖q‖) and the float32 kernel's own rounding, each
 * row gets a range its float32 score must lie in. Every visible row whose range reaches the k-th best lower end is
 * scored again by the float32 kernel, row by row (the same sum, so the same bytes as the full scan), and the k best
 * are taken among those as the full scan takes them: a row left out scores below k rows by more than any rounding,
 * so the answer is the full scan's, ids, order and distances. Where the ranges leave too many rows (near-identical
 * vectors), or a vector is not finite or its norm is outside 2^-40..2^40 (where float32 sums could overflow or lose
 * their relative precision), the full float32 scan runs instead.
 *
 * Memory: the dimensions rounded up to a multiple of 16, times 4 bytes, per row (1,536 bytes at 384 dimensions),
 * plus about 60 bytes of bookkeeping (1,598 bytes a row measured at 100k), and for the bounded scan the codes (the
 * dimensions rounded up to 32: 384 bytes), 24 bytes of bounds and 4 of scratch; the WebAssembly memories grow and
 * never shrink.
 */

/** Items with their owner partition (the store's `sharedOwner` for shared rows). */
export interface ExactSimdEntry {
  itemId: number;
  owner: string;
  vector: Float32Array;
}

export interface ExactSimdNeighbour {
  itemId: number;
  /** Cosine distance, 1 − cos, as sqlite-vec computes it. */
  distance: number;
}

export interface ExactSimdIndex {
  readonly dimensions: number;
  size(): number;
  /** Bytes held: the WebAssembly memory (matrix, query, scratch), the per-row arrays and the id map (estimated). */
  bytes(): number;
  /** Makes room for `rows` items at once, so a bulk load does not grow (and copy) step by step. */
  reserve(rows: number): void;
  /** Adds or replaces an item's vector. */
  upsert(entry: ExactSimdEntry): void;
  /** Item ids in storage order. */
  itemIds(): number[];
  /** A copy of what is held for an item. */
  entry(itemId: number): ExactSimdEntry | undefined;
  /** A view of an item's vector (no copy), valid until the next write to the index. */
  vectorView(itemId: number): Float32Array | undefined;
  remove(itemId: number): void;
  /**
   * The k items nearest to the query by cosine distance, nearest first (ties by item id), among the given owners'
   * items, or all items when `owners` is undefined. Invisible rows never enter the heap, so they cannot displace
   * a visible one; nor do rows whose distance is not a number (a vector that is not finite).
   */
  nearest(query: Float32Array, k: number, owners?: ReadonlySet<string>): ExactSimdNeighbour[];
  /** Searches so far by the way they ran, and the rows the bounded ones scored again in float32 (for the bench and tests). */
  searches(): ExactSimdSearches;
}

/** How an index's searches ran. */
export interface ExactSimdSearches {
  /** Searches that scanned every row in float32. */
  full: number;
  /** Searches that ran the bounded scan. */
  bounded: number;
  /** Rows the bounded searches scored again in float32, in all. */
  rescored: number;
}

/** Options of an index. */
export interface ExactSimdIndexOptions {
  /** Rows from which a search runs the bounded scan (default `defaultBoundedMinimumRows`; Infinity: never). */
  boundedMinimumRows?: number;
}

/**
 * Rows from which the bounded scan runs. Measured on the 2-core machine, one thread, 384-d (kernel alone, p50): the
 * int8 pass took 0.28 ms at 10k rows against the float32 scan's 0.68 ms, and 7.2 against 19.1 ms at 100k; below a
 * few thousand rows a whole scan costs less than the passes over the bounds.
 */
export const defaultBoundedMinimumRows = 4096;

/** Rows a bounded search may score again, as a share of all rows, before the full scan is cheaper. */
const boundedCandidateShare = 1 / 16;

/**
 * The norms of rows and queries the bounded scan takes. Within them the float32 kernel cannot overflow (a partial sum is
 * at most ‖x‖‖q‖ ≤ 2^80), and the products it rounds below float32's normal range (2^-126) add at most 2^-150 each,
 * covered by `subnormalAllowance`; a row or query outside them is scored by the full scan.
 */
const boundedNorms = { least: 2 ** -40, most: 2 ** 40 } as const;

/**
 * How far a row must fall below the k-th best lower end to be left out, times ‖q‖ (a score is ‖q‖ cos): far above
 * the float64 rounding of the bounds and distances (~1e-16), so a row left out cannot tie with a row kept.
 */
const boundedGap = 1e-9;

/** A vector's largest absolute value and its squared norm, summed in float64 in index order. */
function magnitude(vector: Float32Array): { largest: number; squared: number } {
  let largest = 0;
  let squared = 0;
  for (let index = 0; index < vector.length; index++) {
    const value = vector[index] as number;
    largest = Math.max(largest, Math.abs(value));
    squared += value * value;
  }
  return { largest, squared };
}

/** An empty index for vectors of `dimensions` floats, scanned on the calling thread alone or with `pool`'s workers. */
export function createExactSimdIndex(dimensions: number, initialCapacity = 256, pool?: ScanPool, options: ExactSimdIndexOptions = {}): ExactSimdIndex {
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`an exact index needs a positive number of dimensions, got ${dimensions}`);
  const stride = simdStride(dimensions);
  const rowBytes = stride * 4;
  const kernel = createSimdDotKernel();
  // Memory: [query, one row long][scan workers' scratch, with a pool][rows × capacity][one f32 dot per row]. The rows
  // never move when the capacity grows; the dots are scratch and simply start after the new capacity.
  const scratchStart = rowBytes;
  const rowsStart = scratchStart + (pool ? scanScratchBytes : 0);
  // The codes' memory, laid out the same way: [query, int16][workers' scratch][codes × capacity][one i32 dot per row].
  const boundedMinimumRows = options.boundedMinimumRows ?? defaultBoundedMinimumRows;
  const codeStride = int8Stride(dimensions);
  const codeKernel = createSimdInt8Kernel();
  const codeScratchStart = codeStride * 2;
  // The query's codes are int16, as fine as the int32 sum allows (|Σ c·d| ≤ 127 · limit · stride < 2^31): 32,767 up
  // to 512 dimensions, so its own rounding adds next to nothing to a row's range.
  const queryCodeLimit = Math.min(32_767, Math.floor((2 ** 31 - 1) / (int8CodeLimit * codeStride)));
  const codesStart = codeScratchStart + (pool ? scanScratchBytes : 0);
  let codeOutStart = 0;
  let codes = new Int8Array(0);
  let codeDots = new Int32Array(0);
  let queryCodes = new Int16Array(0);
  // The float32 kernel's rounding, as a share of ‖x‖‖q‖: each of its 16 partial sums adds stride/16 products, then 5
  // additions join them; twice the textbook bound (n·2^-24 for n roundings in a row).
  const kernelRounding = 2 * (stride / 16 + 8) * 2 ** -24;
  // The kernel's absolute error below the normal range, (stride + 16) · 2^-150 at most, on a row's score (× 1/‖x‖ ≤
  // 2^40) as a share of ‖q‖ (≥ 2^-40), doubled.
  const subnormalAllowance = (stride + 16) * 2 ** -69;

  let capacity = 0;
  let count = 0;
  let outStart = 0;
  let rows = new Float32Array(0);
  let dots = new Float32Array(0);
  let queryRow = new Float32Array(0);
  let slotItemIds = new Float64Array(0);
  let inverseNorms = new Float64Array(0);
  // Per row, divided by its norm as the score is: the codes' scale s, s‖c‖, and ‖x − s·c‖ plus the kernel's rounding
  // (Infinity for a row the bounds cannot hold: not finite, or a norm out of range; then every search scans in full).
  let codeScales = new Float64Array(0);
  let codeSpreads = new Float64Array(0);
  let codeResiduals = new Float64Array(0);
  let unboundedRows = 0;
  const searches: ExactSimdSearches = { full: 0, bounded: 0, rescored: 0 };
  let ownerSlots = new Uint16Array(0);
  const slotOf = new Map<number, number>();
  const owners: string[] = [];
  const ownerIndex = new Map<string, number>();

  function resize(nextCapacity: number): void {
    outStart = rowsStart + nextCapacity * rowBytes;
    kernel.ensure(outStart + nextCapacity * 4);
    codeOutStart = codesStart + nextCapacity * codeStride;
    codeKernel.ensure(codeOutStart + nextCapacity * 4);
    capacity = nextCapacity;
    rows = new Float32Array(kernel.memory.buffer, rowsStart, capacity * stride);
    dots = new Float32Array(kernel.memory.buffer, outStart, capacity);
    queryRow = new Float32Array(kernel.memory.buffer, 0, stride);
    codes = new Int8Array(codeKernel.memory.buffer, codesStart, capacity * codeStride);
    codeDots = new Int32Array(codeKernel.memory.buffer, codeOutStart, capacity);
    queryCodes = new Int16Array(codeKernel.memory.buffer, 0, codeStride);
    const grow = <T extends Float64Array | Uint16Array>(previous: T, make: (length: number) => T): T => {
      const next = make(capacity);
      next.set(previous.subarray(0, count));
      return next;
    };
    slotItemIds = grow(slotItemIds, (length) => new Float64Array(length));
    inverseNorms = grow(inverseNorms, (length) => new Float64Array(length));
    codeScales = grow(codeScales, (length) => new Float64Array(length));
    codeSpreads = grow(codeSpreads, (length) => new Float64Array(length));
    codeResiduals = grow(codeResiduals, (length) => new Float64Array(length));
    ownerSlots = grow(ownerSlots, (length) => new Uint16Array(length));
  }
  resize(Math.max(1, initialCapacity));

  function checkDimensions(vector: Float32Array): void {
    if (vector.length !== dimensions) throw new Error(`vector of ${vector.length} dimensions for a ${dimensions}-dimension index`);
  }

  function ownerSlot(owner: string): number {
    let slot = ownerIndex.get(owner);
    if (slot === undefined) {
      if (owners.length >= 0xffff) throw new Error('too many owner partitions for the exact index');
      slot = owners.length;
      owners.push(owner);
      ownerIndex.set(owner, slot);
    }
    return slot;
  }

  /** The row's int8 codes and its bounds, once its inverse norm is known. */
  function encode(slot: number, vector: Float32Array): void {
    if (codeResiduals[slot] === Number.POSITIVE_INFINITY) unboundedRows -= 1;
    const offset = slot * codeStride;
    const { largest, squared } = magnitude(vector);
    const inverse = inverseNorms[slot] as number;
    const norm = Math.sqrt(squared);
    // A zero row scores exactly 0 (its inverse norm is 0); any other needs a norm in range, and so a float32 self-dot
    // that neither overflowed nor vanished.
    const boundable = squared === 0 || (norm >= boundedNorms.least && norm <= boundedNorms.most && inverse > 0 && Number.isFinite(inverse));
    if (!boundable) {
      codes.fill(0, offset, offset + codeStride);
      codeScales[slot] = 0;
      codeSpreads[slot] = 0;
      codeResiduals[slot] = Number.POSITIVE_INFINITY;
      unboundedRows += 1;
      return;
    }
    const scale = largest / int8CodeLimit;
    let codeSquared = 0;
    let residualSquared = 0;
    for (let index = 0; index < dimensions; index++) {
      const value = vector[index] as number;
      // value / scale lies in −127..127, so shifted by 128.5 it is positive and `| 0` rounds it (3 × faster than
      // Math.round over a 100k-row load); any rounding would do, as the bounds are computed from the codes kept.
      const code = scale === 0 ? 0 : ((value / scale + int8CodeLimit + 1.5) | 0) - int8CodeLimit - 1;
      codes[offset + index] = code;
      codeSquared += code * code;
      residualSquared += (value - scale * code) ** 2;
    }
    codes.fill(0, offset + dimensions, offset + codeStride);
    codeScales[slot] = scale * inverse;
    codeSpreads[slot] = scale * Math.sqrt(codeSquared) * inverse;
    codeResiduals[slot] = (Math.sqrt(residualSquared) + kernelRounding * norm) * inverse + subnormalAllowance;
  }

  function visibleSlots(visibleOwners: ReadonlySet<string>): Uint8Array {
    const visible = new Uint8Array(owners.length);
    for (const owner of visibleOwners) {
      const slot = ownerIndex.get(owner);
      if (slot !== undefined) visible[slot] = 1;
    }
    return visible;
  }

  return {
    dimensions,
    size: () => count,
    bytes: () => kernel.memory.buffer.byteLength + codeKernel.memory.buffer.byteLength + capacity * (8 + 8 + 3 * 8 + 2) + slotOf.size * 40,
    reserve(wanted) {
      if (wanted > capacity) resize(wanted);
    },
    upsert(entry) {
      checkDimensions(entry.vector);
      let slot = slotOf.get(entry.itemId);
      if (slot === undefined) {
        if (count === capacity) resize(Math.ceil(capacity * 1.5) + 16);
        slot = count++;
        slotOf.set(entry.itemId, slot);
      }
      const offset = slot * stride;
      rows.set(entry.vector, offset);
      rows.fill(0, offset + dimensions, offset + stride);
      slotItemIds[slot] = entry.itemId;
      // ‖row‖² by the kernel (the row with itself): ~10x faster than a JavaScript loop, which matters for bulk loads.
      const rowAddress = rowsStart + slot * rowBytes;
      kernel.dots(rowAddress, 1, stride, rowAddress, outStart);
      const squared = dots[0] as number;
      inverseNorms[slot] = squared > 0 ? 1 / Math.sqrt(squared) : 0;
      encode(slot, entry.vector);
      ownerSlots[slot] = ownerSlot(entry.owner);
    },
    itemIds: () => Array.from(slotItemIds.subarray(0, count)),
    searches: () => ({ ...searches }),
    entry(itemId) {
      const slot = slotOf.get(itemId);
      if (slot === undefined) return undefined;
      const vector = rows.slice(slot * stride, slot * stride + dimensions);
      return { itemId, owner: owners[ownerSlots[slot] as number] as string, vector };
    },
    vectorView(itemId) {
      const slot = slotOf.get(itemId);
      return slot === undefined ? undefined : rows.subarray(slot * stride, slot * stride + dimensions);
    },
    remove(itemId) {
      const slot = slotOf.get(itemId);
      if (slot === undefined) return;
      // Swap-remove: the last item takes the freed slot.
      const last = count - 1;
      if (codeResiduals[slot] === Number.POSITIVE_INFINITY) unboundedRows -= 1;
      if (slot !== last) {
        rows.copyWithin(slot * stride, last * stride, (last + 1) * stride);
        codes.copyWithin(slot * codeStride, last * codeStride, (last + 1) * codeStride);
        slotItemIds[slot] = slotItemIds[last] as number;
        inverseNorms[slot] = inverseNorms[last] as number;
        codeScales[slot] = codeScales[last] as number;
        codeSpreads[slot] = codeSpreads[last] as number;
        codeResiduals[slot] = codeResiduals[last] as number;
        ownerSlots[slot] = ownerSlots[last] as number;
        slotOf.set(slotItemIds[slot], slot);
      }
      codeResiduals[last] = 0;
      slotOf.delete(itemId);
      count = last;
    },
    nearest(query, k, visibleOwners) {
      checkDimensions(query);
      const wanted = Math.min(Math.floor(k), count);
      if (wanted <= 0) return [];
      queryRow.set(query);
      queryRow.fill(0, dimensions);
      const size = magnitude(query);
      // 1/‖q‖; 0 for a zero vector (its distance is then 1 to everything, where sqlite-vec gives NaN).
      const queryInverse = size.squared === 0 ? 0 : 1 / Math.sqrt(size.squared);
      const visible = visibleOwners ? visibleSlots(visibleOwners) : undefined;
      const candidates = count >= boundedMinimumRows && unboundedRows === 0 ? boundedCandidates(query, size, wanted, visible) : undefined;
      if (candidates) {
        // The float32 kernel on each candidate alone: the sum it makes in a full scan, so the same bytes.
        for (const slot of candidates) kernel.dots(rowsStart + slot * rowBytes, 1, stride, 0, outStart + slot * 4);
        searches.bounded += 1;
        searches.rescored += candidates.length;
        return best(candidates, candidates.length, wanted, queryInverse, visible);
      }
      searches.full += 1;
      const job = { rows: rowsStart, count, stride, query: 0, out: outStart, scratch: scratchStart };
      if (pool) pool.dots(kernel, job);
      else kernel.dots(job.rows, job.count, job.stride, job.query, job.out);
      return best(undefined, count, wanted, queryInverse, visible);
    },
  };

  /**
   * The slots the bounded scan must score in full: every visible row whose score range reaches the k-th best lower
   * end; undefined when the query cannot be bounded (not finite, without a direction, or a norm out of range) or too
   * many rows are left.
   */
  function boundedCandidates(query: Float32Array, { largest, squared }: ReturnType<typeof magnitude>, wanted: number, visible: Uint8Array | undefined): Int32Array | undefined {
    const queryNorm = Math.sqrt(squared);
    if (!(queryNorm >= boundedNorms.least && queryNorm <= boundedNorms.most)) return undefined;
    const scale = largest / queryCodeLimit;
    let errorSquared = 0;
    for (let index = 0; index < dimensions; index++) {
      const value = query[index] as number;
      const code = Math.max(-queryCodeLimit, Math.min(queryCodeLimit, Math.round(value / scale)));
      queryCodes[index] = code;
      errorSquared += (value - scale * code) ** 2;
    }
    queryCodes.fill(0, dimensions);
    const queryError = Math.sqrt(errorSquared);
    const job = { rows: codesStart, count, stride: codeStride, query: 0, out: codeOutStart, scratch: codeScratchStart };
    if (pool) pool.dots(codeKernel, job);
    else codeKernel.dots8(job.rows, job.count, job.stride, job.query, job.out);

    // One pass keeps the k best lower ends in a min-heap, and every row whose range reaches the k-th best lower end
    // seen so far. That end only rises, so the rows kept include every row that reaches the final one; they are
    // then held to it. If more than the limit reach the rising end, a second pass holds every row to the final one.
    const limit = Math.max(wanted, Math.floor(count * boundedCandidateShare));
    const chosen = new Int32Array(limit);
    const gap = boundedGap * queryNorm;
    const lowest = new Float64Array(wanted);
    let kept = 0;
    let found = 0;
    let overflowed = false;
    let threshold = Number.NEGATIVE_INFINITY;
    const centre = (slot: number) => (codeScales[slot] as number) * (codeDots[slot] as number) * scale;
    const halfWidth = (slot: number) => (codeSpreads[slot] as number) * queryError + (codeResiduals[slot] as number) * queryNorm;
    for (let slot = 0; slot < count; slot++) {
      if (visible && visible[ownerSlots[slot] as number] === 0) continue;
      const middle = centre(slot);
      const half = halfWidth(slot);
      const lower = middle - half;
      if (kept < wanted) {
        let child = kept++;
        lowest[child] = lower;
        while (child > 0) {
          const parent = (child - 1) >> 1;
          if ((lowest[parent] as number) <= (lowest[child] as number)) break;
          [lowest[parent], lowest[child]] = [lowest[child] as number, lowest[parent] as number];
          child = parent;
        }
        if (kept === wanted) threshold = (lowest[0] as number) - gap;
      } else if (lower > (lowest[0] as number)) {
        lowest[0] = lower;
        for (let parent = 0; ;) {
          const left = 2 * parent + 1;
          if (left >= kept) break;
          const right = left + 1;
          const smaller = right < kept && (lowest[right] as number) < (lowest[left] as number) ? right : left;
          if ((lowest[smaller] as number) >= (lowest[parent] as number)) break;
          [lowest[parent], lowest[smaller]] = [lowest[smaller] as number, lowest[parent] as number];
          parent = smaller;
        }
        // (The heap's root after the sift: narrowed to a number by the assignment above.)
        threshold = lowest[0] - gap;
      }
      if (middle + half < threshold) continue;
      if (found < limit) chosen[found++] = slot;
      else overflowed = true;
    }
    // Fewer visible rows than k: all of them are the answer.
    if (kept < wanted) return overflowed ? undefined : chosen.subarray(0, found);
    const reaches = (slot: number) => centre(slot) + halfWidth(slot) >= threshold;
    let held = 0;
    if (!overflowed) {
      for (let position = 0; position < found; position++) {
        const slot = chosen[position] as number;
        if (reaches(slot)) chosen[held++] = slot;
      }
      return chosen.subarray(0, held);
    }
    for (let slot = 0; slot < count; slot++) {
      if ((visible && visible[ownerSlots[slot] as number] === 0) || !reaches(slot)) continue;
      if (held === limit) return undefined;
      chosen[held++] = slot;
    }
    return chosen.subarray(0, held);
  }

  /**
   * The k nearest by cosine distance among `slots` (the first `length` of them, or slots 0..length when undefined),
   * visible ones only, their dots computed; nearest first, ties by item id. Invisible rows never enter the heap.
   */
  function best(slots: Int32Array | undefined, length: number, wanted: number, queryInverse: number, visible: Uint8Array | undefined): ExactSimdNeighbour[] {
    // A max-heap of the best `wanted` so far: its root is the worst kept (largest distance, then largest id).
    const heapDistance = new Float64Array(wanted);
    const heapItem = new Float64Array(wanted);
    let size = 0;
    const worse = (a: number, b: number) =>
      (heapDistance[a] as number) > (heapDistance[b] as number) || ((heapDistance[a] as number) === (heapDistance[b] as number) && (heapItem[a] as number) > (heapItem[b] as number));
    const swap = (a: number, b: number) => {
      const distance = heapDistance[a] as number;
      const item = heapItem[a] as number;
      heapDistance[a] = heapDistance[b] as number;
      heapItem[a] = heapItem[b] as number;
      heapDistance[b] = distance;
      heapItem[b] = item;
    };
    for (let position = 0; position < length; position++) {
      const slot = slots ? (slots[position] as number) : position;
      if (visible && visible[ownerSlots[slot] as number] === 0) continue;
      const distance = 1 - (dots[slot] as number) * (inverseNorms[slot] as number) * queryInverse;
      // A vector that is not finite has no distance: never returned (the stores drop such rows too).
      if (Number.isNaN(distance)) continue;
      const itemId = slotItemIds[slot] as number;
      if (size < wanted) {
        let child = size++;
        heapDistance[child] = distance;
        heapItem[child] = itemId;
        while (child > 0) {
          const parent = (child - 1) >> 1;
          if (!worse(child, parent)) break;
          swap(child, parent);
          child = parent;
        }
        continue;
      }
      const rootDistance = heapDistance[0] as number;
      if (distance > rootDistance || (distance === rootDistance && itemId > (heapItem[0] as number))) continue;
      heapDistance[0] = distance;
      heapItem[0] = itemId;
      for (let parent = 0; ;) {
        const left = 2 * parent + 1;
        if (left >= size) break;
        const right = left + 1;
        const larger = right < size && worse(right, left) ? right : left;
        if (!worse(larger, parent)) break;
        swap(larger, parent);
        parent = larger;
      }
    }
    const result: ExactSimdNeighbour[] = [];
    for (let index = 0; index < size; index++) result.push({ itemId: heapItem[index] as number, distance: heapDistance[index] as number });
    return result.sort((a, b) => a.distance - b.distance || a.itemId - b.itemId);
  }
}
