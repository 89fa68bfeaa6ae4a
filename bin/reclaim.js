#!/usr/bin/env node
// The one entry of the reclaim binary: TypeScript sources run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
await main(process.argv);
