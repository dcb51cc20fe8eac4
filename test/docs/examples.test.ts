import { describe, expect, it } from 'vitest';
import { describeMismatch, findExamples, matches, normalise, refresh } from '../../scripts/docs-check/examples.js';

describe('the docs check', () => {
  it('finds the commands of a marked console block, with their lines', () => {
    const text = [
      'intro',
      '<!-- check stdout -->',
      '```console',
      '$ cardsolve show X',
      'a',
      'b',
      '$ cardsolve stats',
      'c',
      '```',
      '```console',
      '$ cardsolve no',
      '```',
    ].join('\n');
    const [example, ...rest] = findExamples(text);
    expect(rest).toEqual([]);
    expect(example!.stderr).toBe(false);
    expect(example!.open).toBe(3);
    expect(example!.close).toBe(9);
    expect(example!.commands).toEqual([
      { command: 'cardsolve show X', line: 4, expected: ['a', 'b'] },
      { command: 'cardsolve stats', line: 7, expected: ['c'] },
    ]);
  });

  it('leaves out what another block shows', () => {
    const text = ['````md', '<!-- check -->', '```console', '$ cardsolve show X', '```', '````'].join('\n');
    expect(findExamples(text)).toEqual([]);
  });

  it('normalises times, rates, memory, timestamps and thread counts', () => {
    expect(normalise('4,064 nodes, 167.91 ms')).toBe(normalise('4,064 nodes, 1 ms'));
    expect(normalise('analysed 27 in 1.7s (16.2 deals/s, 2 workers)')).toBe(normalise('analysed 27 in 12s (2.2 deals/s, 8 workers)'));
    expect(normalise('(0.2 s), peak 171 MB')).toBe(normalise('(3 s), peak 2 GB'));
    expect(normalise('stored 2026-12-02T09:13:16.743Z by')).toBe(normalise('stored 2027-01-05T17:00:17.377Z by'));
    expect(normalise('{"nodes":4028,"ms":44.14}')).toBe(normalise('{"nodes":4028,"ms":3}'));
    // What does not vary stays: a node count, a card, a share.
    expect(normalise('4,064 nodes')).not.toBe(normalise('4,065 nodes'));
    expect(normalise('10♣ 81.5%')).toBe('10♣ 81.5%');
  });

  it('lets ... stand for any run of lines and a trailing " ..." for the rest of a line', () => {
    expect(matches(['a', '...', 'z'], ['a', 'b', 'c', 'z'])).toBe(true);
    expect(matches(['a', '...', 'z'], ['a', 'z'])).toBe(true);
    expect(matches(['...'], [])).toBe(true);
    expect(matches(['a', '...', 'z'], ['a', 'b'])).toBe(false);
    expect(matches(['line: K♣; draw ...'], ['line: K♣; draw; draw; 5♦ + 8♦'])).toBe(true);
    expect(matches(['line: K♣; draw ...'], ['line: K♦; draw; draw'])).toBe(false);
    expect(matches(['a'], ['a', 'b'])).toBe(false);
  });

  it('reports a mismatch by file and line, expected against actual', () => {
    const [example] = findExamples(['<!-- check -->', '```console', '$ cardsolve solve X', 'ok', '  4,064 nodes, 9 ms', '```'].join('\n'));
    const command = example!.commands[0]!;
    const actual = ['ok', '  4,065 nodes, 12 ms'];
    expect(matches(command.expected, actual)).toBe(false);
    expect(describeMismatch('README.md', command, actual)).toBe(
      ['README.md:5: the output of `cardsolve solve X` differs', '-   4,064 nodes, 9 ms', '+   4,065 nodes, 12 ms'].join('\n'),
    );
  });

  it('refreshes expected output keeping what still fits and the shape of the wildcards', () => {
    expect(refresh(['a 9 ms', 'b'], ['a 12 ms', 'b'])).toEqual(['a 9 ms', 'b']);
    expect(refresh(['head', '...', 'tail'], ['HEAD', 'x', 'y', 'TAIL'])).toEqual(['HEAD', '...', 'TAIL']);
    expect(refresh(['moves: K♣; draw ...'], ['moves: K♦; draw; draw; draw'])).toEqual(['moves: K♦; draw ...']);
  });
});
