/**
 * The closest names to a word the command line does not know (src/cli/suggest.ts): a start of a
 * name first (yargs' own edit distance took `gen` for `bench`), then a typo or two, else none.
 */
import { describe, expect, test } from 'vitest';
import { COMMAND_LOADERS } from '../../src/cli/commands/index.ts';
import { closestNames, unknownNameText } from '../../src/core/suggest.ts';

const COMMANDS = Object.keys(COMMAND_LOADERS);

describe('closestNames', () => {
  test.each([
    ['gen', ['generate']],
    ['re', ['replay', 'render']],
    ['genrate', ['generate']],
    ['gnerate', ['generate']],
    ['rendr', ['render']],
    ['verfiy', ['verify']],
    ['SOLVE', ['solve']],
    ['xyz', []],
    ['-z', []],
    ['frobnicate', []],
  ])('%s → %j', (word, expected) => {
    expect(closestNames(word, COMMANDS)).toEqual(expected);
  });

  test('kinds and games', () => {
    expect(closestNames('murdr', ['numbridge', 'murder'])).toEqual(['murder']);
    expect(closestNames('numbrige', ['kosmos', 'domino', 'numbridge'])).toEqual(['numbridge']);
    expect(closestNames('sudoku', ['numbridge', 'murder'])).toEqual([]);
    expect(closestNames('--sze', ['--size', '--seed', '--shard'])).toEqual(['--size']);
    expect(closestNames('-z', ['-o', '-j'])).toEqual([]);
  });
});

test('unknownNameText lists the names and suggests the close ones', () => {
  expect(unknownNameText('kind', 'sudoku', ['numbridge', 'murder'])).toBe('unknown kind "sudoku" (the kinds: numbridge, murder)');
  expect(unknownNameText('command', 'gen', ['bench', 'generate'])).toBe('unknown command "gen": did you mean generate? (the commands: bench, generate)');
});
