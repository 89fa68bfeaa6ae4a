/** Decodes an 8-bit RGB or RGBA PNG (no interlace) into its size and pixels, to check images by what they show. */
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  pixels: Buffer;
}

export function decodePng(data: Buffer): DecodedPng {
  if (data.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const chunk = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      const [depth, colour, , , interlace] = [chunk[8], chunk[9], chunk[10], chunk[11], chunk[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error('unsupported PNG');
      channels = colour === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(chunk);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + x] = (v + add) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** How many distinct colours (RGB) a decoded PNG holds, counting every `step`-th pixel. */
export function distinctColours(png: DecodedPng, step = 7): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.width * png.height; i += step) {
    const o = i * png.channels;
    seen.add((png.pixels[o]! << 16) | (png.pixels[o + 1]! << 8) | png.pixels[o + 2]!);
  }
  return seen.size;
}
