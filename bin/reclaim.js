#!/usr/bin/env node
// The one entry of the reclaim binary. It runs the build in dist/ (`npm run build`, which
// `npm install` runs too). It runs the TypeScript sources through tsx's loader instead when
// RECLAIM_FROM_SOURCE=1 is set or when there is no build (a checkout before its first build).
// It does not compare dates itself (a walk of src/ on every start costs more than the start):
// after editing src/, run `npm run build` or set RECLAIM_FROM_SOURCE=1; `npm start` and
// `npm test` rebuild when a source is newer than the build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/main.js', import.meta.url);

if (process.env.RECLAIM_FROM_SOURCE !== '1' && existsSync(built)) {
  const { main } = await import(built.href);
  await main(process.argv);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/main.ts');
  await main(process.argv);
}
