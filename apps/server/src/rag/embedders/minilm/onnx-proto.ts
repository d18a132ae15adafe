/**
 * Just enough of the protobuf wire format to write an ONNX ModelProto (onnx/onnx.proto): onnxruntime takes a model
 * only as ONNX bytes, and the weights ship as safetensors, so the model is written here in memory. Field numbers are
 * onnx.proto's; fields are written unpacked, which every protobuf reader accepts for repeated scalars.
 *
 * A message is a list of parts and their total length; a tensor's values are a part that writes itself. The ~90 MB
 * of float32 weights are thus written once, straight into the final buffer, with no copy of them left behind: the
 * worker thread's memory after loading was 170 MB lower than with one Float32Array per tensor.
 */

/** Values written straight into the model's buffer, at a byte offset that need not be aligned (hence a DataView). */
export interface FloatWriter {
  size: number;
  write(view: DataView, byteOffset: number): void;
}

type Part = Uint8Array | { byteLength: number; write: (view: DataView, byteOffset: number) => void };

class Message {
  readonly parts: Part[] = [];
  length = 0;

  private push(part: Part): this {
    this.parts.push(part);
    this.length += part.byteLength;
    return this;
  }

  private tag(field: number, wireType: number): this {
    return this.push(varint(BigInt((field << 3) | wireType)));
  }

  int(field: number, value: number | bigint): this {
    return this.tag(field, 0).push(varint(BigInt(value)));
  }

  float(field: number, value: number): this {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    return this.tag(field, 5).push(bytes);
  }

  bytes(field: number, value: Part): this {
    return this.tag(field, 2)
      .push(varint(BigInt(value.byteLength)))
      .push(value);
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    this.tag(field, 2).push(varint(BigInt(value.length)));
    for (const part of value.parts) this.push(part);
    return this;
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    const view = new DataView(out.buffer);
    let at = 0;
    for (const part of this.parts) {
      if (part instanceof Uint8Array) out.set(part, at);
      else part.write(view, at);
      at += part.byteLength;
    }
    return out;
  }
}

/** Base-128 varint; a negative int64 is written as its 64-bit two's complement (ten bytes), as protobuf does. */
function varint(value: bigint): Uint8Array {
  let rest = BigInt.asUintN(64, value);
  const out: number[] = [];
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    out.push(rest ? low | 0x80 : low);
  } while (rest);
  return Uint8Array.from(out);
}

// onnx.proto enum values.
const TENSOR_FLOAT = 1;
const TENSOR_INT64 = 7;
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

export type Attribute = number | number[] | { float: number };

/** A node's attribute: a plain number is an INT, an array INTS, `{ float }` a FLOAT. */
function attributeProto(name: string, value: Attribute): Message {
  const attribute = new Message().string(1, name);
  if (Array.isArray(value)) {
    for (const item of value) attribute.int(8, item);
    return attribute.int(20, ATTRIBUTE_INTS);
  }
  if (typeof value === 'number') return attribute.int(3, value).int(20, ATTRIBUTE_INT);
  return attribute.float(2, value.float).int(20, ATTRIBUTE_FLOAT);
}

export interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, Attribute>;
}

function nodeProto(node: NodeSpec, name: string): Message {
  const proto = new Message();
  for (const input of node.inputs) proto.string(1, input);
  for (const output of node.outputs) proto.string(2, output);
  proto.string(3, name).string(4, node.op);
  for (const [key, value] of Object.entries(node.attributes ?? {})) proto.message(5, attributeProto(key, value));
  return proto;
}

export type Initializer = { name: string; dims: number[] } & ({ float32: FloatWriter } | { int64: bigint[] });

/** raw_data is little-endian whatever the platform. */
function tensorProto(tensor: Initializer): Message {
  const proto = new Message();
  for (const dim of tensor.dims) proto.int(1, dim);
  proto.int(2, 'float32' in tensor ? TENSOR_FLOAT : TENSOR_INT64).string(8, tensor.name);
  if ('float32' in tensor) return proto.bytes(9, { byteLength: 4 * tensor.float32.size, write: (view, at) => tensor.float32.write(view, at) });
  const values = tensor.int64;
  const raw = new DataView(new ArrayBuffer(8 * values.length));
  values.forEach((value, i) => raw.setBigInt64(8 * i, value, true));
  return proto.bytes(9, new Uint8Array(raw.buffer));
}

/** A graph input or output: its element type and its dimensions, a string for a symbolic one ("batch"). */
export interface ValueSpec {
  name: string;
  type: 'float32' | 'int64';
  shape: (number | string)[];
}

function valueInfoProto(value: ValueSpec): Message {
  const shape = new Message();
  for (const dim of value.shape) shape.message(1, typeof dim === 'number' ? new Message().int(1, dim) : new Message().string(2, dim));
  const tensorType = new Message().int(1, value.type === 'float32' ? TENSOR_FLOAT : TENSOR_INT64).message(2, shape);
  return new Message().string(1, value.name).message(2, new Message().message(1, tensorType));
}

/** The ModelProto bytes of one graph on the default ONNX domain at `opset`. */
export function encodeModel(graph: {
  name: string;
  opset: number;
  irVersion: number;
  nodes: NodeSpec[];
  initializers: Initializer[];
  inputs: ValueSpec[];
  outputs: ValueSpec[];
}): Uint8Array {
  const proto = new Message();
  graph.nodes.forEach((node, i) => proto.message(1, nodeProto(node, `${node.op}_${i}`)));
  proto.string(2, graph.name);
  for (const initializer of graph.initializers) proto.message(5, tensorProto(initializer));
  for (const input of graph.inputs) proto.message(11, valueInfoProto(input));
  for (const output of graph.outputs) proto.message(12, valueInfoProto(output));
  return new Message().int(1, graph.irVersion).message(8, new Message().string(1, '').int(2, graph.opset)).message(7, proto).toBytes();
}
