import type { ScanPool } from './scan-pool.js';
import { scanScratchBytes } from './scan-protocol.js';
import { createSimdDotKernel, simdStride } from './simd-dot-kernel.js';

/**
 * An in-memory float32 copy of a space's vectors, searched exhaustively: one WebAssembly SIMD pass computes every
 * row's dot product with the query, then one JavaScript pass turns them into cosine distances and keeps the k best
 * visible rows in a heap. Every row is compared, so the result is the exact top k, like sqlite-vec's vec0 KNN; only
 * the float32 rounding of the sums differs (distances agree to ~1e-6).
 *
 * With a scan pool, a large index splits the dot products across threads (scan-pool.ts): the same kernel on the
 * same rows, so the same bytes as one thread. The WebAssembly memory is shared for that reason, even without a pool.
 *
 * Memory: the dimensions rounded up to a multiple of 16, times 4 bytes, per row (1,536 bytes at 384 dimensions),
 * plus about 60 bytes of bookkeeping (1,598 bytes a row measured at 100k); the WebAssembly memory grows and never
 * shrinks.
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
   * a visible one.
   */
  nearest(query: Float32Array, k: number, owners?: ReadonlySet<string>): ExactSimdNeighbour[];
}

/** 1/‖v‖; 0 for a zero vector (its distance is then 1 to everything, where sqlite-vec gives NaN). */
function inverseNorm(vector: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) sum += (vector[index] as number) * (vector[index] as number);
  return sum === 0 ? 0 : 1 / Math.sqrt(sum);
}

/** An empty index for vectors of `dimensions` floats, scanned on the calling thread alone or with `pool`'s workers. */
export function createExactSimdIndex(dimensions: number, initialCapacity = 256, pool?: ScanPool): ExactSimdIndex {
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`an exact index needs a positive number of dimensions, got ${dimensions}`);
  const stride = simdStride(dimensions);
  const rowBytes = stride * 4;
  const kernel = createSimdDotKernel();
  // Memory: [query, one row long][scan workers' scratch, with a pool][rows × capacity][one f32 dot per row]. The rows
  // never move when the capacity grows; the dots are scratch and simply start after the new capacity.
  const scratchStart = rowBytes;
  const rowsStart = scratchStart + (pool ? scanScratchBytes : 0);

  let capacity = 0;
  let count = 0;
  let outStart = 0;
  let rows = new Float32Array(0);
  let dots = new Float32Array(0);
  let queryRow = new Float32Array(0);
  let slotItemIds = new Float64Array(0);
  let inverseNorms = new Float64Array(0);
  let ownerSlots = new Uint16Array(0);
  const slotOf = new Map<number, number>();
  const owners: string[] = [];
  const ownerIndex = new Map<string, number>();

  function resize(nextCapacity: number): void {
    outStart = rowsStart + nextCapacity * rowBytes;
    kernel.ensure(outStart + nextCapacity * 4);
    capacity = nextCapacity;
    rows = new Float32Array(kernel.memory.buffer, rowsStart, capacity * stride);
    dots = new Float32Array(kernel.memory.buffer, outStart, capacity);
    queryRow = new Float32Array(kernel.memory.buffer, 0, stride);
    const grow = <T extends Float64Array | Uint16Array>(previous: T, make: (length: number) => T): T => {
      const next = make(capacity);
      next.set(previous.subarray(0, count));
      return next;
    };
    slotItemIds = grow(slotItemIds, (length) => new Float64Array(length));
    inverseNorms = grow(inverseNorms, (length) => new Float64Array(length));
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
    bytes: () => kernel.memory.buffer.byteLength + capacity * (8 + 8 + 2) + slotOf.size * 40,
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
      ownerSlots[slot] = ownerSlot(entry.owner);
    },
    itemIds: () => Array.from(slotItemIds.subarray(0, count)),
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
      if (slot !== last) {
        rows.copyWithin(slot * stride, last * stride, (last + 1) * stride);
        slotItemIds[slot] = slotItemIds[last] as number;
        inverseNorms[slot] = inverseNorms[last] as number;
        ownerSlots[slot] = ownerSlots[last] as number;
        slotOf.set(slotItemIds[slot], slot);
      }
      slotOf.delete(itemId);
      count = last;
    },
    nearest(query, k, visibleOwners) {
      checkDimensions(query);
      const wanted = Math.min(Math.floor(k), count);
      if (wanted <= 0) return [];
      queryRow.set(query);
      queryRow.fill(0, dimensions);
      const queryInverse = inverseNorm(query);
      const job = { rows: rowsStart, count, stride, query: 0, out: outStart, scratch: scratchStart };
      if (pool) pool.dots(kernel, job);
      else kernel.dots(job.rows, job.count, job.stride, job.query, job.out);
      const visible = visibleOwners ? visibleSlots(visibleOwners) : undefined;

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
      for (let slot = 0; slot < count; slot++) {
        if (visible && visible[ownerSlots[slot] as number] === 0) continue;
        const distance = 1 - (dots[slot] as number) * (inverseNorms[slot] as number) * queryInverse;
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
    },
  };
}
