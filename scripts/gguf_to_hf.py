#!/usr/bin/env python3
"""Converts a Llama-architecture GGUF file into a Hugging Face model directory.

    python gguf_to_hf.py MODEL.gguf OUT_DIR

Writes config.json, model.safetensors (float32, dequantized), tokenizer.json,
tokenizer_config.json (with the GGUF's chat template) and, when torch and transformers are
importable, reference.json: the greedy continuation transformers computes for a fixed prompt.
"""
import json
import os
import sys

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize
from safetensors.numpy import save_file

PROMPT = "What is the capital of France?"


def field(reader, key, default=None):
    f = reader.fields.get(key)
    if f is None:
        return default
    return f.contents()


def unpermute(w, n_head):
    """GGUF stores q/k rows interleaved for rotary in pairs; restore HF's half-split order."""
    rows = w.shape[0]
    return w.reshape(n_head, rows // n_head // 2, 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def tensors(reader, n_head, n_kv):
    names = {
        "token_embd.weight": "model.embed_tokens.weight",
        "output_norm.weight": "model.norm.weight",
        "output.weight": "lm_head.weight",
    }
    per_block = {
        "attn_q": "self_attn.q_proj", "attn_k": "self_attn.k_proj",
        "attn_v": "self_attn.v_proj", "attn_output": "self_attn.o_proj",
        "ffn_gate": "mlp.gate_proj", "ffn_up": "mlp.up_proj", "ffn_down": "mlp.down_proj",
        "attn_norm": "input_layernorm", "ffn_norm": "post_attention_layernorm",
    }
    out = {}
    for t in reader.tensors:
        shape = [int(x) for x in reversed(t.shape.tolist())]
        w = dequantize(t.data, t.tensor_type).astype(np.float32).reshape(shape)
        if t.name in names:
            name = names[t.name]
        else:
            _, i, kind, suffix = t.name.split(".")
            name = f"model.layers.{i}.{per_block[kind]}.{suffix}"
            if kind == "attn_q":
                w = unpermute(w, n_head)
            elif kind == "attn_k":
                w = unpermute(w, n_kv)
        out[name] = np.ascontiguousarray(w)
    return out


def tokenizer_json(reader):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, AddedToken
    tokens = field(reader, "tokenizer.ggml.tokens")
    types = field(reader, "tokenizer.ggml.token_type")
    merges = [tuple(m.split(" ", 1)) for m in field(reader, "tokenizer.ggml.merges")]
    vocab = {tok: i for i, tok in enumerate(tokens)}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges, fuse_unk=False))
    pre = [pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)]
    if field(reader, "tokenizer.ggml.pre") == "smollm":
        pre.insert(0, pre_tokenizers.Digits(individual_digits=True))
    tok.pre_tokenizer = pre_tokenizers.Sequence(pre)
    tok.decoder = decoders.ByteLevel()
    special = [AddedToken(t, special=True, normalized=False)
               for t, ty in zip(tokens, types) if ty == 3]
    tok.add_special_tokens(special)
    return tok, tokens


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    r = GGUFReader(src)
    arch = field(r, "general.architecture")
    if arch != "llama":
        sys.exit(f"unsupported GGUF architecture {arch!r} (only llama)")
    n_head = int(field(r, "llama.attention.head_count"))
    n_kv = int(field(r, "llama.attention.head_count_kv", n_head))
    weights = tensors(r, n_head, n_kv)
    tied = "lm_head.weight" not in weights
    vocab_size = weights["model.embed_tokens.weight"].shape[0]
    bos = int(field(r, "tokenizer.ggml.bos_token_id", 1))
    eos = int(field(r, "tokenizer.ggml.eos_token_id", 2))
    config = {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_size": int(field(r, "llama.embedding_length")),
        "intermediate_size": int(field(r, "llama.feed_forward_length")),
        "num_hidden_layers": int(field(r, "llama.block_count")),
        "num_attention_heads": n_head,
        "num_key_value_heads": n_kv,
        "rms_norm_eps": float(field(r, "llama.attention.layer_norm_rms_epsilon", 1e-5)),
        "rope_theta": float(field(r, "llama.rope.freq_base", 10000.0)),
        "max_position_embeddings": int(field(r, "llama.context_length", 2048)),
        "vocab_size": vocab_size,
        "tie_word_embeddings": tied,
        "hidden_act": "silu",
        "attention_bias": False,
        "mlp_bias": False,
        "bos_token_id": bos,
        "eos_token_id": eos,
        "torch_dtype": "float32",
    }
    with open(os.path.join(out, "config.json"), "w") as fh:
        json.dump(config, fh, indent=2)
    save_file(weights, os.path.join(out, "model.safetensors"), metadata={"format": "pt"})
    tok, tokens = tokenizer_json(r)
    tok.save(os.path.join(out, "tokenizer.json"))
    tcfg = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "bos_token": tokens[bos],
        "eos_token": tokens[eos],
        "pad_token": tokens[int(field(r, "tokenizer.ggml.padding_token_id", eos))],
        "unk_token": tokens[int(field(r, "tokenizer.ggml.unknown_token_id", 0))],
        "add_bos_token": bool(field(r, "tokenizer.ggml.add_bos_token", False)),
        "clean_up_tokenization_spaces": False,
        "model_max_length": config["max_position_embeddings"],
    }
    template = field(r, "tokenizer.chat_template")
    if template:
        tcfg["chat_template"] = template
    with open(os.path.join(out, "tokenizer_config.json"), "w") as fh:
        json.dump(tcfg, fh, indent=2, ensure_ascii=False)
    try:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError:
        print("torch/transformers not importable: no reference.json")
        return
    ht = AutoTokenizer.from_pretrained(out)
    model = AutoModelForCausalLM.from_pretrained(out, torch_dtype=torch.float32).eval()
    text = ht.apply_chat_template([{"role": "user", "content": PROMPT}], tokenize=False,
                                  add_generation_prompt=True)
    ids = ht(text, add_special_tokens=False)["input_ids"]
    with torch.no_grad():
        gen = model.generate(torch.tensor([ids]), max_new_tokens=24, do_sample=False,
                             eos_token_id=None, pad_token_id=eos)
    new = gen[0, len(ids):].tolist()
    ref = {"prompt": PROMPT, "prompt_text": text, "prompt_ids": ids, "greedy_ids": new,
           "greedy_text": ht.decode(new)}
    with open(os.path.join(out, "reference.json"), "w") as fh:
        json.dump(ref, fh, indent=1, ensure_ascii=False)
    print("reference:", repr(ref["greedy_text"]))


if __name__ == "__main__":
    main()
