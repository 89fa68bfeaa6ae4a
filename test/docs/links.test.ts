/**
 * The README and docs/ stay true: every `reclaim …` command they name exists (the real command
 * tree, as `--help` of each shows it), and every relative link leads to a file and a heading there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/index.ts';
import { runCli } from '../helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
  return ['README.md', ...walk('docs')];
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The text of a markdown file as prose lines and code (code blocks' lines and code spans). */
function split(text: string): { prose: string[]; code: string[] } {
  const prose: string[] = [];
  const code: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (fenced) code.push(line);
    else {
      code.push(...[...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]));
      prose.push(line.replace(/`[^`]*`/g, ''));
    }
  }
  return { prose, code };
}

/** Every `reclaim <words…>` named in a piece of code: the leading words that are not flags or arguments. */
function commandPaths(code: string): string[][] {
  const paths: string[][] = [];
  for (const match of code.replace(/\\\|/g, '|').matchAll(/(?:^|[\s(])reclaim((?: +[^\s|]+)+)/g)) {
    const words: string[] = [];
    for (const word of match[1].trim().split(/ +/)) {
      if (!/^[a-z][a-z0-9-]*$/.test(word)) break;
      words.push(word);
    }
    if (words.length > 0) paths.push(words);
  }
  return paths;
}

/**
 * The command a path names in the loaded program, or an error. A word that is not a subcommand is
 * taken as an argument only where the command takes arguments.
 */
function resolve(program: Command, words: string[]): { command: Command; path: string[] } | string {
  let command = program;
  const found: string[] = [];
  for (const word of words) {
    const sub = command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
    if (sub) {
      command = sub;
      found.push(word);
    } else if (command !== program && command.registeredArguments.length > 0) break;
    else return `reclaim ${[...found, word].join(' ')}: no such command`;
  }
  return { command, path: found };
}

const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The anchors GitHub gives a file's headings (a repeated one gets -1, -2, …). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every relative link in a file that does not lead to a file or to a heading of it. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const line of split(read(file)).prose) {
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [relative, anchor] = target.split('#');
      const resolved = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
      let isFile = false;
      try {
        isFile = statSync(path.join(ROOT, resolved)).isFile();
      } catch {
        isFile = false;
      }
      if (!isFile) broken.push(`${file}: ${target} (no file ${resolved})`);
      else if (anchor !== undefined && !anchors(resolved).has(anchor))
        broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

describe('the README and docs/', () => {
  const files = markdownFiles();
  const named = new Map<string, string[]>();
  for (const file of files)
    for (const code of split(read(file)).code)
      for (const words of commandPaths(code)) named.set(words.join(' '), [...(named.get(words.join(' ')) ?? []), file]);
  let program: Command;

  beforeAll(async () => {
    program = await buildProgram();
  });

  it('name only commands the binary has', () => {
    expect(named.size).toBeGreaterThan(50);
    const missing = [...named].flatMap(([words, where]) => {
      const found = resolve(program, words.split(' '));
      return typeof found === 'string' ? [`${found} (${[...new Set(where)].join(', ')})`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('match the real binary: --help of a sample of the named commands', async () => {
    const paths = [...new Set([...named.keys()].map((words) => resolve(program, words.split(' '))))]
      .flatMap((found) => (typeof found === 'string' ? [] : [found.path.join(' ')]))
      .filter((words, index, all) => all.indexOf(words) === index)
      .sort();
    const sample = [0, 1, 2, 3, 4].map((index) => paths[Math.floor((index * (paths.length - 1)) / 4)]);
    expect(new Set(sample).size).toBe(5);
    for (const words of sample) {
      const found = resolve(program, words.split(' '));
      if (typeof found === 'string') throw new Error(found);
      const { code, stdout, stderr } = await runCli([...words.split(' '), '--help']);
      expect({ words, code, stderr }).toEqual({ words, code: 0, stderr: '' });
      expect(stdout).toContain(`Usage: reclaim ${words} `);
      expect(stdout).toContain(found.command.description().split(' ').slice(0, 3).join(' '));
    }
  });

  it('link only to files and headings that exist', () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('keep the README a five-minute read with the two commands', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThan(250);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
