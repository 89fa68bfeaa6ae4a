/**
 * A Vite plugin that writes a gzip (`.gz`) and a brotli (`.br`) copy beside every compressible file
 * of the build (scripts, styles, HTML, SVG, JSON, source maps), at the highest levels, so the server
 * sends them as they are (`@fastify/static`'s `preCompressed`) with no work per request. A copy that
 * would not be smaller than the file is not written: the server then sends the file itself.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|webmanifest)$/;

/** The two compressed copies of a file's bytes, each only when smaller than the file. */
export function compressedCopies(bytes: Buffer): { br?: Buffer; gz?: Buffer } {
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  return { ...(br.length < bytes.length ? { br } : {}), ...(gz.length < bytes.length ? { gz } : {}) };
}

/** Writes the copies for every compressible file under `dir`; returns the bytes before and after. */
export function precompressDir(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    const { br, gz } = compressedCopies(bytes);
    if (br) writeFileSync(`${path}.br`, br);
    if (gz) writeFileSync(`${path}.gz`, gz);
    total.files += 1;
    total.bytes += bytes.length;
    total.br += (br ?? bytes).length;
    total.gz += (gz ?? bytes).length;
  }
  return total;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reclaim-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the bundle and the public folder are written.
    closeBundle() {
      const { files, bytes, br, gz } = precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`precompressed ${files} file(s): ${kb(bytes)} → ${kb(gz)} gzip, ${kb(br)} brotli`);
    },
  };
}
