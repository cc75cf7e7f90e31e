/**
 * Query embeddings on every core: onnxruntime-node runs inference in one thread per process (model-worker-protocol.ts),
 * so a lone query, which runs fastest on one intra-op thread, used one core however many searches were waiting. A
 * pooled session is opened in the process's model thread (the first worker) and in model processes beside it; reads
 * go to the worker with the fewest texts outstanding, writes always to the first, whose queue puts them before every
 * read (model-run-queue.ts), so a write never waits behind query embeddings in any worker.
 */
import type { ModelKind, ModelKinds, RunOrder } from './model-worker-protocol.js';
import { ModelWorkerHost, processChannel, sharedModelWorker, type ModelRunner, type ModelSessionHandle } from './model-worker.js';

/**
 * The worker a run goes to, by the texts each has outstanding: a write to the first; a read to the least loaded, the
 * first of them on a tie (so a lone query runs where the models were opened first and a pool of one behaves as before).
 */
export function chooseWorker(outstanding: readonly number[], order: RunOrder): number {
  if (order.priority === 'write') return 0;
  let best = 0;
  outstanding.forEach((texts, index) => {
    if (texts < (outstanding[best] ?? Number.POSITIVE_INFINITY)) best = index;
  });
  return best;
}

interface Member {
  host: ModelWorkerHost;
  handle: ModelSessionHandle<ModelKind>;
}

/** How a session is spread: how many workers hold it, and the configuration of the copies beside the first. */
export interface PoolPlacement<K extends ModelKind> {
  workers: number;
  /** The copies only embed queries: e.g. one intra-op thread, the fastest for a lone short text. */
  queryConfig: ModelKinds[K]['config'];
}

/** The process's model thread and the model processes started beside it on demand. */
export class ModelPool implements ModelRunner {
  readonly #primary: ModelWorkerHost;
  readonly #startWorker: () => ModelWorkerHost;
  readonly #extras: ModelWorkerHost[] = [];
  readonly #sessions = new Map<number, Member[]>();
  readonly #outstanding = new Map<ModelWorkerHost, number>();
  readonly #runs = new Map<ModelWorkerHost, number>();
  #nextId = 1;

  /** Tests pass their own primary and worker factory; the app uses sharedModelPool. */
  constructor(primary: ModelWorkerHost, startWorker: () => ModelWorkerHost = () => new ModelWorkerHost(processChannel())) {
    this.#primary = primary;
    this.#startWorker = startWorker;
  }

  get failed(): boolean {
    return this.#primary.failed;
  }

  /** A session in the first worker only (the reranker, the bench's ceiling). */
  open<K extends ModelKind>(kind: K, config: ModelKinds[K]['config']): Promise<ModelSessionHandle<K>> {
    return this.openPooled(kind, config, { workers: 1, queryConfig: config });
  }

  /**
   * A session in the first worker and in up to `workers - 1` model processes beside it, started as needed. Rejects
   * when the first worker cannot load it; a model process that cannot start or load it is left out (fewer workers).
   */
  async openPooled<K extends ModelKind>(kind: K, config: ModelKinds[K]['config'], placement: PoolPlacement<K>): Promise<ModelSessionHandle<K>> {
    const extras = this.#workers(Math.max(1, placement.workers) - 1);
    const [first, ...copies] = await Promise.allSettled([this.#primary.open(kind, config), ...extras.map((host) => host.open(kind, placement.queryConfig))]);
    const members: Member[] = copies.flatMap((result, index) => (result.status === 'fulfilled' ? [{ host: extras[index] as ModelWorkerHost, handle: result.value }] : []));
    if (first?.status !== 'fulfilled') {
      await Promise.all(members.map((member) => member.host.release(member.handle)));
      throw first?.status === 'rejected' ? first.reason : new Error('the model worker did not answer');
    }
    const session = this.#nextId++;
    this.#sessions.set(session, [{ host: this.#primary, handle: first.value }, ...members]);
    return { session, kind };
  }

  release(handle: ModelSessionHandle<ModelKind>): Promise<void> {
    const members = this.#sessions.get(handle.session) ?? [];
    this.#sessions.delete(handle.session);
    return Promise.all(members.map((member) => member.host.release(member.handle))).then(() => undefined);
  }

  run<K extends ModelKind>(
    handle: ModelSessionHandle<K>,
    input: ModelKinds[K]['input'],
    signal: AbortSignal | undefined,
    order: RunOrder = { priority: 'read', merge: false },
  ): Promise<ModelKinds[K]['output']> {
    const members = this.#sessions.get(handle.session);
    if (!members) return Promise.reject(new Error(`no open session ${handle.session}`));
    // A model process that died is passed over; the first worker failing fails the run as before.
    const live = members.filter((member, index) => index === 0 || !member.host.failed);
    const member = live[
      chooseWorker(
        live.map((candidate) => this.#outstanding.get(candidate.host) ?? 0),
        order,
      )
    ] as Member;
    const texts = Array.isArray(input) ? input.length : 1;
    this.#outstanding.set(member.host, (this.#outstanding.get(member.host) ?? 0) + texts);
    this.#runs.set(member.host, (this.#runs.get(member.host) ?? 0) + 1);
    const settle = () => this.#outstanding.set(member.host, (this.#outstanding.get(member.host) ?? texts) - texts);
    return member.host.run(member.handle as ModelSessionHandle<K>, input, signal, order).finally(settle);
  }

  /** Runs sent to each worker so far, the first worker first: what shows that the pool spreads its reads. */
  runsPerWorker(): number[] {
    return [this.#primary, ...this.#extras].map((host) => this.#runs.get(host) ?? 0);
  }

  /** Up to `count` model processes, starting any that are missing or have failed; one that cannot start is left out. */
  #workers(count: number): ModelWorkerHost[] {
    for (let index = 0; index < count; index++) {
      const current = this.#extras[index];
      if (current && !current.failed) continue;
      try {
        this.#extras[index] = this.#startWorker();
      } catch {
        return this.#extras.slice(0, index);
      }
    }
    return this.#extras.slice(0, count);
  }
}

/** See sharedModelWorker: one pool per process, around its one model thread, renewed when that thread failed. */
let processPool: ModelPool | undefined;

/** The process's model pool; its model processes start on the first session opened in more than one worker. */
export function sharedModelPool(): ModelPool {
  if (!processPool || processPool.failed) processPool = new ModelPool(sharedModelWorker());
  return processPool;
}
