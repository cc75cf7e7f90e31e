"""Research probe (issue #15), not used by the app: can bge-small's q8 graph embed a batch without changing a vector?

The q8 graph quantizes each layer's activations with DynamicQuantizeLinear: one scale and zero point over the whole
tensor, so in a batch every text's vector depends on its neighbours (and on the padding). This writes a copy of the
graph whose activations are quantized per sequence (ReduceMin/ReduceMax over a sequence, the same float32 arithmetic
as onnxruntime's DynamicQuantizeLinear, QuantizeLinear per axis 0; MatMulInteger then runs with a zero point of 0 and
each sequence's zero point times the weights' column sums is subtracted in int32, so every sum stays exact), then
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


def rewrite(source, target):
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper, version_converter

    # Per-axis QuantizeLinear needs opset 13 (the export is opset 11).
    model = version_converter.convert_version(onnx.load(source), 13)
    graph = model.graph
    weights = {tensor.name: tensor for tensor in graph.initializer}
    constants = [
        numpy_helper.from_array(np.array(0, np.float32), "rowwise_zero"),
        numpy_helper.from_array(np.array(255, np.float32), "rowwise_255"),
        numpy_helper.from_array(np.array(1, np.float32), "rowwise_one"),
        numpy_helper.from_array(np.array(0, np.uint8), "rowwise_zero_u8"),
        numpy_helper.from_array(np.array([1, 2], np.int64), "rowwise_axes"),
    ]
    zero_point_of = {}
    nodes = []
    for node in graph.node:
        if node.op_type == "DynamicQuantizeLinear":
            x, (quantized, scale, zero_point), p = node.input[0], node.output, node.name + "_rowwise"
            nodes += [
                helper.make_node("ReduceMin", [x], [p + "_min"], axes=[1, 2], keepdims=0),
                helper.make_node("ReduceMax", [x], [p + "_max"], axes=[1, 2], keepdims=0),
                helper.make_node("Min", [p + "_min", "rowwise_zero"], [p + "_low"]),
                helper.make_node("Max", [p + "_max", "rowwise_zero"], [p + "_high"]),
                helper.make_node("Sub", [p + "_high", p + "_low"], [p + "_range"]),
                helper.make_node("Div", [p + "_range", "rowwise_255"], [p + "_steps"]),
                # onnxruntime's scale is 1 for an all-zero tensor (max == min), where the division would give 0.
                helper.make_node("Equal", [p + "_range", "rowwise_zero"], [p + "_flat"]),
                helper.make_node("Where", [p + "_flat", "rowwise_one", p + "_steps"], [p + "_scale"]),
                helper.make_node("Div", [p + "_low", p + "_scale"], [p + "_low_steps"]),
                helper.make_node("Sub", ["rowwise_zero", p + "_low_steps"], [p + "_initial"]),
                helper.make_node("Clip", [p + "_initial", "rowwise_zero", "rowwise_255"], [p + "_clipped"]),
                helper.make_node("Round", [p + "_clipped"], [p + "_zero_float"]),
                helper.make_node("Cast", [p + "_zero_float"], [p + "_zero_u8"], to=TensorProto.UINT8),
                helper.make_node("QuantizeLinear", [x, p + "_scale", p + "_zero_u8"], [quantized], axis=0),
                helper.make_node("Unsqueeze", [p + "_scale", "rowwise_axes"], [scale]),
                helper.make_node("Cast", [p + "_zero_float"], [p + "_zero_i32"], to=TensorProto.INT32),
                helper.make_node("Unsqueeze", [p + "_zero_i32", "rowwise_axes"], [p + "_zero"]),
            ]
            zero_point_of[zero_point] = p + "_zero"
        elif node.op_type == "MatMulInteger" and node.input[2] in zero_point_of:
            w = numpy_helper.to_array(weights[node.input[1]]).astype(np.int64)
            w_zero = numpy_helper.to_array(weights[node.input[3]]).astype(np.int64)
            sums = node.name + "_rowwise_column_sums"
            constants.append(numpy_helper.from_array((w - w_zero).sum(axis=0).astype(np.int32), sums))
            zero, result = zero_point_of[node.input[2]], node.output[0]
            node.input[2], node.output[0] = "rowwise_zero_u8", result + "_rowwise_raw"
            nodes += [
                node,
                helper.make_node("Mul", [zero, sums], [node.name + "_rowwise_correction"]),
                helper.make_node("Sub", [result + "_rowwise_raw", node.name + "_rowwise_correction"], [result]),
            ]
        else:
            nodes.append(node)
    del graph.node[:]
    graph.node.extend(nodes)
    graph.initializer.extend(constants)
    del graph.value_info[:]  # the scales' shapes changed from scalars to [batch, 1, 1]
    onnx.checker.check_model(model)
    onnx.save(model, target)


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
