import { createHammingKernel } from './hamming-kernel.js';

/**
 * An in-memory index of 1-bit codes (one bit per dimension: 48 bytes for 384 dimensions) that proposes the
 * candidates the vector store then rescores exactly. Codes are taken after subtracting the mean vector: sentence
 * embeddings share a dominant direction, and without centring most bits would be the same for every row.
 */

/** Items with their owner partition (the store's `sharedOwner` for shared rows). */
export interface BinaryIndexEntry {
  itemId: number;
  owner: string;
  vector: Float32Array;
}

export interface BinaryQuantizedIndex {
  readonly dimensions: number;
  size(): number;
  /** Adds or replaces an item's code. */
  upsert(entry: BinaryIndexEntry): void;
  remove(itemId: number): void;
  /**
   * At least `count` items nearest to the query by Hamming distance of the codes (all ties at the cut included),
   * among the given owners' items, or all items when `owners` is undefined.
   */
  candidates(query: Float32Array, count: number, owners?: ReadonlySet<string>): number[];
}

/** The mean of a stream of vectors: the centre the codes are taken around. */
export function meanVector(dimensions: number, vectors: Iterable<Float32Array>): Float32Array {
  const sum = new Float64Array(dimensions);
  let count = 0;
  for (const vector of vectors) {
    for (let index = 0; index < dimensions; index++) sum[index] = (sum[index] as number) + (vector[index] as number);
    count += 1;
  }
  return Float32Array.from(sum, (value) => (count === 0 ? 0 : value / count));
}

/**
 * An empty index whose codes are taken around `centre` (usually the mean of the vectors it will hold; a drifting
 * centre only costs recall, never correctness, because candidates are rescored exactly).
 */
export function createBinaryQuantizedIndex(dimensions: number, centre: Float32Array = new Float32Array(dimensions)): BinaryQuantizedIndex {
  if (dimensions % 32 !== 0) throw new Error(`binary codes need a multiple of 32 dimensions, got ${dimensions}`);
  if (centre.length !== dimensions) throw new Error(`a centre of ${centre.length} dimensions for a ${dimensions}-dimension index`);
  const words = dimensions / 32;
  // The kernel works on 64-bit words; an odd number of 32-bit words gets a zero pad word (XOR 0 adds nothing).
  const words64 = Math.ceil(words / 2);
  const stride = words64 * 2;
  const kernel = createHammingKernel();
  const align8 = (bytes: number) => Math.ceil(bytes / 8) * 8;

  let capacity = 0;
  let count = 0;
  let layout = { distances: 0, codes: 0 };
  let codes = new Uint32Array(0);
  let distances = new Uint16Array(0);
  let queryCode = new Uint32Array(0);
  let itemIds = new Float64Array(0);
  let ownerSlots = new Uint16Array(0);
  const slotOf = new Map<number, number>();
  const owners: string[] = [];
  const ownerIndex = new Map<string, number>();

  /** Memory: [query code][one u16 distance per slot][codes], re-laid out (codes moved up) when it grows. */
  function resize(nextCapacity: number): void {
    const next = { distances: align8(stride * 4), codes: align8(stride * 4) + align8(nextCapacity * 2) };
    kernel.ensure(next.codes + nextCapacity * stride * 4);
    new Uint8Array(kernel.memory.buffer).copyWithin(next.codes, layout.codes, layout.codes + count * stride * 4);
    layout = next;
    capacity = nextCapacity;
    codes = new Uint32Array(kernel.memory.buffer, layout.codes, capacity * stride);
    distances = new Uint16Array(kernel.memory.buffer, layout.distances, capacity);
    queryCode = new Uint32Array(kernel.memory.buffer, 0, stride);
    const nextIds = new Float64Array(capacity);
    nextIds.set(itemIds);
    itemIds = nextIds;
    const nextOwners = new Uint16Array(capacity);
    nextOwners.set(ownerSlots);
    ownerSlots = nextOwners;
  }
  resize(1024);

  function encode(vector: Float32Array, target: Uint32Array, offset: number): void {
    if (vector.length !== dimensions) throw new Error(`vector of ${vector.length} dimensions for a ${dimensions}-dimension index`);
    for (let word = 0; word < words; word++) {
      let bits = 0;
      const base = word * 32;
      for (let bit = 0; bit < 32; bit++) if ((vector[base + bit] as number) > (centre[base + bit] as number)) bits |= 1 << bit;
      target[offset + word] = bits >>> 0;
    }
    for (let word = words; word < stride; word++) target[offset + word] = 0;
  }

  function ownerSlot(owner: string): number {
    let slot = ownerIndex.get(owner);
    if (slot === undefined) {
      if (owners.length >= 0xffff) throw new Error('too many owner partitions for the binary index');
      slot = owners.length;
      owners.push(owner);
      ownerIndex.set(owner, slot);
    }
    return slot;
  }

  function upsert(entry: BinaryIndexEntry): void {
    let slot = slotOf.get(entry.itemId);
    if (slot === undefined) {
      if (count === capacity) resize(capacity * 2);
      slot = count++;
      slotOf.set(entry.itemId, slot);
    }
    encode(entry.vector, codes, slot * stride);
    itemIds[slot] = entry.itemId;
    ownerSlots[slot] = ownerSlot(entry.owner);
  }

  return {
    dimensions,
    size: () => count,
    upsert,
    remove(itemId) {
      const slot = slotOf.get(itemId);
      if (slot === undefined) return;
      // Swap-remove: the last item takes the freed slot.
      const last = count - 1;
      if (slot !== last) {
        codes.copyWithin(slot * stride, last * stride, (last + 1) * stride);
        itemIds[slot] = itemIds[last] as number;
        ownerSlots[slot] = ownerSlots[last] as number;
        slotOf.set(itemIds[slot], slot);
      }
      slotOf.delete(itemId);
      count = last;
    },
    candidates(query, wanted, visibleOwners) {
      if (count === 0 || wanted <= 0) return [];
      encode(query, queryCode, 0);
      kernel.scan(layout.codes, count, words64, 0, layout.distances);
      let visible: Uint8Array | undefined;
      if (visibleOwners) {
        visible = new Uint8Array(owners.length);
        for (const owner of visibleOwners) {
          const slot = ownerIndex.get(owner);
          if (slot !== undefined) visible[slot] = 1;
        }
      }
      // The histogram of distances gives the cut without sorting; invisible rows never enter it.
      const histogram = new Uint32Array(dimensions + 1);
      for (let slot = 0; slot < count; slot++) {
        if (visible && visible[ownerSlots[slot] as number] === 0) continue;
        const distance = distances[slot] as number;
        histogram[distance] = (histogram[distance] as number) + 1;
      }
      let cut = 0;
      let included = 0;
      while (cut < dimensions && included + (histogram[cut] as number) < wanted) included += histogram[cut++] as number;
      const result: number[] = [];
      for (let slot = 0; slot < count; slot++) {
        if ((distances[slot] as number) > cut || (visible && visible[ownerSlots[slot] as number] === 0)) continue;
        result.push(itemIds[slot] as number);
      }
      return result;
    },
  };
}
