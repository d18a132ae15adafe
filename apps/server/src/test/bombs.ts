import { createDeflate, createDeflateRaw, crc32, type Deflate, type DeflateRaw } from 'node:zlib';

/**
 * Decompression bombs for the tests (issue 40): small files that expand to hundreds of megabytes. They are made as a
 * stream, a megabyte at a time, so making one costs the test process a few megabytes, not what it expands to.
 */

const MB = 1024 * 1024;

/** Compresses `parts` (head, `repeat` × body, tail) as a stream; returns the compressed bytes and the CRC-32. */
async function compressStream(
  deflater: Deflate | DeflateRaw,
  head: string,
  body: string,
  repeat: number,
  tail: string,
): Promise<{ data: Buffer; crc: number; size: number }> {
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (text: string | Buffer) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    crc = crc32(bytes, crc);
    size += bytes.byteLength;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(head);
  const block = Buffer.from(body.repeat(Math.max(1, Math.floor(MB / body.length))), 'latin1');
  for (let written = 0; written < repeat; written += 1) await write(block);
  await write(tail);
  deflater.end();
  await finished;
  return { data: Buffer.concat(chunks), crc: crc >>> 0, size };
}

/**
 * A .docx (a zip with word/document.xml) whose document expands to about `expandedMb` MB; its zip headers claim 1 KB
 * (what a bomb does) unless `honest`.
 */
export async function docxBomb(expandedMb: number, { honest = false } = {}): Promise<Buffer> {
  const name = Buffer.from('word/document.xml');
  const { data, crc, size } = await compressStream(
    createDeflateRaw({ level: 9 }),
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
    'Refunds take five working days. ',
    expandedMb,
    '</w:t></w:r></w:p></w:body></w:document>',
  );
  const claimed = honest ? size : 1024;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.byteLength, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(name.byteLength, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.byteLength, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(name.byteLength, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.byteLength + name.byteLength + data.byteLength;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.byteLength + name.byteLength, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A one-page PDF whose content stream (FlateDecode) expands to about `expandedMb` MB of text-drawing operators. */
export async function pdfBomb(expandedMb: number): Promise<Buffer> {
  const { data } = await compressStream(createDeflate({ level: 9 }), 'BT /F1 12 Tf 72 720 Td ', '(Refunds take five working days.) Tj ', expandedMb, 'ET');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.byteLength;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.byteLength;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (object === null) {
      push(Buffer.from(`${index + 1} 0 obj\n<< /Length ${data.byteLength} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
      push(data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  const xref = length;
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
