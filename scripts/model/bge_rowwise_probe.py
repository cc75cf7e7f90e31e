"""Research probe (issue #15), not used by the app: does bge-small's rowwise q8 graph (bge_rowwise.py) embed a batch
without changing a vector, and how fast?

The q8 graph quantizes each layer's activations with DynamicQuantizeLinear: one scale and zero point over the whole
tensor, so in a batch every text's vector depends on its neighbours (and on the padding). This writes the graph
cita derives at model fetch (bge_rowwise.py: activations quantized per sequence, every integer sum exact), then
checks that (1) one text alone gives the original graph's bytes, (2) texts batched with others of the same token
length give their own bytes, and times both graphs at batch sizes 1 to 64. README "Batching q8 without changing a
vector" has the numbers of 2026-12-05.

    python3 -m venv /tmp/probe && /tmp/probe/bin/pip install onnx onnxruntime==1.21.0 numpy tokenizers
    /tmp/probe/bin/python scripts/model/bge_rowwise_probe.py models/bge-small-en-v1.5 /tmp/bge_rowwise.onnx [THREADS]
"""

import collections
import random
import sys
import time

from bge_rowwise import rewrite  # the graph cita derives at model fetch (same folder)


def main(model_dir, target, threads):
    import numpy as np
    import onnxruntime as ort
    from tokenizers import Tokenizer

    source = f"{model_dir}/onnx/model_quantized.onnx"
    rewrite(source, target)
    tokenizer = Tokenizer.from_file(f"{model_dir}/tokenizer.json")
    words = ("apple bread cheese grilled chicken salad brown rice greek yogurt honey oat milk almond butter toast banana "
             "smoothie tuna sandwich lentil soup tomato pasta sauce spinach omelette dark chocolate peanut cookies").split()
    rng = random.Random(1)
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(5, 10))) for _ in range(512)]

    def session(path):
        options = ort.SessionOptions()
        options.intra_op_num_threads, options.inter_op_num_threads, options.log_severity_level = threads, 1, 3
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])

    def feeds(batch):
        ids = [tokenizer.encode(text).ids for text in batch]
        width = max(len(row) for row in ids)
        input_ids = np.zeros((len(ids), width), np.int64)
        mask = np.zeros((len(ids), width), np.int64)
        for index, row in enumerate(ids):
            input_ids[index, : len(row)], mask[index, : len(row)] = row, 1
        return {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": np.zeros_like(input_ids)}

    def cls(graph, batch):
        return graph.run(None, feeds(batch))[0][:, 0, :]

    original, rowwise = session(source), session(target)
    alone = np.stack([cls(original, [text])[0] for text in texts])
    print("one text alone, rewritten == original:", np.array_equal(alone, np.stack([cls(rowwise, [text])[0] for text in texts])))
    by_length = collections.defaultdict(list)
    for index, text in enumerate(texts):
        by_length[len(tokenizer.encode(text).ids)].append(index)
    grouped = np.zeros_like(alone)
    for indices in by_length.values():
        for start in range(0, len(indices), 64):
            part = indices[start : start + 64]
            grouped[part] = cls(rowwise, [texts[index] for index in part])
    print("equal-length batches of the rewritten graph == alone:", np.array_equal(grouped, alone))

    def best_of_three(work):
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - started)
        return len(texts) / best

    equal_length = [[texts[index] for index in indices[start : start + 64]] for indices in by_length.values() for start in range(0, len(indices), 64)]
    alone_rate = best_of_three(lambda: [original.run(None, feeds([text])) for text in texts])
    padded_rate = best_of_three(lambda: [original.run(None, feeds(texts[start : start + 64])) for start in range(0, len(texts), 64)])
    grouped_rate = best_of_three(lambda: [rowwise.run(None, feeds(batch)) for batch in equal_length])
    print(f"{len(texts)} texts, {threads} thread(s): original one by one {alone_rate:.0f} texts/s, original in padded batches of 64 "
          f"{padded_rate:.0f} texts/s (vectors change), rewritten in equal-length batches {grouped_rate:.0f} texts/s (vectors as alone)")

    ids = np.random.default_rng(0).integers(1000, 20000, (64, 12))
    for size in (1, 4, 16, 64):
        batch = {"input_ids": ids[:size], "attention_mask": np.ones((size, 12), np.int64), "token_type_ids": np.zeros((size, 12), np.int64)}
        rates = []
        for graph in (original, rowwise):
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                for _ in range(max(1, 128 // size)):
                    graph.run(None, batch)
                best = min(best, (time.perf_counter() - started) / (max(1, 128 // size) * size))
            rates.append(1 / best)
        print(f"batch {size:2d} of 12 tokens, {threads} thread(s): original {rates[0]:.0f} texts/s, rewritten {rates[1]:.0f} texts/s")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 1)
