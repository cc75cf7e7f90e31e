"""Derive from bge-small's q8 graph a copy that quantizes each sequence of a batch on its own (issue #15).

The q8 graph quantizes each layer's activations with DynamicQuantizeLinear: one scale and zero point over the whole
tensor, so in a batch every text's vector would depend on its neighbours and on the padding. The derived graph
quantizes per sequence (ReduceMin/ReduceMax over a sequence, the same float32 arithmetic as onnxruntime's
DynamicQuantizeLinear, QuantizeLinear per axis 0); MatMulInteger then runs with a zero point of 0 and each sequence's
zero point times the weights' column sums is subtracted in int32, so every sum stays exact. One text alone gives the
original graph's bytes, and texts batched with others of the same token length (no padding) give their own bytes:
main/inference/embedding-session.ts batches only such texts. Run by main/embedding/rowwise-graph.ts with the pinned
onnx and numpy wheels on sys.path; the output is checked against the SHA-256 of main/embedding/model-manifest.json
(the derivation is deterministic).

A variant that leaves padded positions out of each sequence's range (Where on the attention mask before ReduceMin and
ReduceMax) gave every text its bytes alone in padded batches too, but ran 11% slower in calls of 64 than this graph
in equal-length batches (README, "Batching q8 without changing a vector"), so it is not the one derived.

    python3 -I bge_rowwise.py PYTHON_PACKAGES_DIR SOURCE_ONNX OUT_ONNX
"""

import sys


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
    if not zero_point_of:
        raise SystemExit("the source graph has no DynamicQuantizeLinear node: not bge-small's q8 graph")
    del graph.node[:]
    graph.node.extend(nodes)
    graph.initializer.extend(constants)
    del graph.value_info[:]  # the scales' shapes changed from scalars to [batch, 1, 1]
    onnx.checker.check_model(model)
    onnx.save(model, target)


def main(arguments):
    if len(arguments) != 3:
        sys.stderr.write("usage: bge_rowwise.py PYTHON_PACKAGES_DIR SOURCE_ONNX OUT_ONNX\n")
        sys.exit(2)
    packages, source, target = arguments
    sys.path.insert(0, packages)
    rewrite(source, target)


if __name__ == "__main__":
    main(sys.argv[1:])
