/**
 * Reads tensors from a safetensors file: an 8-byte little-endian header length, a JSON header naming each tensor's
 * dtype, shape and byte range, then the raw data. Parsed here rather than with a dependency: the format is that small.
 */

interface Entry {
  dtype: string;
  shape: number[];
  /** Byte range inside the data section (after the header). */
  data_offsets: [number, number];
}

/** A float tensor read in place: `at(i)` is its i-th value (row-major) as a number, whatever float type it is stored in. */
export interface FloatTensor {
  shape: number[];
  size: number;
  at(index: number): number;
}

export interface Safetensors {
  tensor(name: string): FloatTensor;
}

export function parseSafetensors(file: Uint8Array): Safetensors {
  if (file.byteLength < 8) throw new Error('Not a safetensors file: shorter than its header length.');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (8 + headerLength > file.byteLength) throw new Error('Not a safetensors file: the header runs past the end of the file.');
  const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerLength))) as Record<string, Entry>;
  const dataStart = 8 + headerLength;

  return {
    tensor(name) {
      const entry = name === '__metadata__' ? undefined : header[name];
      if (!entry) throw new Error(`The weights have no tensor named ${name}.`);
      const {
        dtype,
        shape,
        data_offsets: [begin, end],
      } = entry;
      const size = shape.reduce((product, dim) => product * dim, 1);
      const width = dtype === 'F16' ? 2 : dtype === 'F32' ? 4 : 0;
      if (!width) throw new Error(`Tensor ${name} is ${dtype}; only F16 and F32 weights are read.`);
      if (end - begin !== size * width || dataStart + end > file.byteLength) throw new Error(`Tensor ${name}: its bytes do not match its shape.`);
      const start = file.byteOffset + dataStart + begin;
      const data = new DataView(file.buffer, start, end - begin);
      // Read in place, not copied: the 90 MB of float32 weights are written once, into the ONNX model (graph.ts).
      const at = width === 2 ? (i: number) => HALF_TO_FLOAT[data.getUint16(2 * i, true)]! : (i: number) => data.getFloat32(4 * i, true);
      return { shape, size, at };
    },
  };
}

/** Every half-precision bit pattern's float32 value (256 KB): widening is then one lookup, and exact. */
const HALF_TO_FLOAT = (() => {
  const table = new Float32Array(65536);
  for (let half = 0; half < 65536; half++) {
    const sign = half & 0x8000 ? -1 : 1;
    const exponent = (half >> 10) & 0x1f;
    const mantissa = half & 0x3ff;
    if (exponent === 0)
      table[half] = sign * mantissa * 2 ** -24; // zero and subnormals
    else if (exponent === 0x1f) table[half] = mantissa ? NaN : sign * Infinity;
    else table[half] = sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
  }
  return table;
})();
