/**
 * The built binary loads a command only when it runs: dist/cli/main.js imports no domain, and the
 * top-level help comes from dist/cli/commands.json, which must describe the real commands exactly.
 */
import { readFile } from 'node:fs/promises';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { buildProgram, describeCommands } from '../../src/cli/index.ts';
import { BIN, BIN_ENV, runCli } from '../helpers/cli.ts';

const DIST = new URL('../../dist/cli/', import.meta.url);

describe('reclaim start-up (the built binary)', () => {
  it('builds its command manifest from the real commands', async () => {
    const manifest = JSON.parse(await readFile(new URL('commands.json', DIST), 'utf8'));
    expect(manifest).toEqual(await describeCommands());
  });

  it('prints the same top-level help as the program with every command loaded', async () => {
    const program = await buildProgram();
    let expected = '';
    program.configureOutput({ writeOut: (text) => (expected += text) }).exitOverride();
    await expect(program.parseAsync(['node', 'reclaim', '--help'])).rejects.toMatchObject({ exitCode: 0 });
    const { code, stdout, stderr } = await runCli(['--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(expected);
    expect(stdout).toContain('  explain [options]  ');
  });

  it('loads no command module for --version and --help', async () => {
    const main = await readFile(new URL('main.js', DIST), 'utf8');
    const statics = [...main.matchAll(/^import .*? from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(statics.filter((specifier) => !specifier.startsWith('node:'))).toEqual(['commander']);
    const { code, stdout } = await runCli(['--version']);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '0.1.0\n' });
  });

  it('stops quietly with exit 0 when its reader closes the pipe early (`| head -1`)', async () => {
    // head exits after one line while the help is still being written: the write fails with EPIPE.
    const script = `"${process.execPath}" "${BIN}" tenant setup --help | head -1; exit \${PIPESTATUS[0]}`;
    const result = await execa('bash', ['-c', script], { env: { LOG_LEVEL: 'silent', ...BIN_ENV }, reject: false });
    expect({ code: result.exitCode, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 0,
      stdout: 'Usage: reclaim tenant setup [options]',
      stderr: '',
    });
  });
});
