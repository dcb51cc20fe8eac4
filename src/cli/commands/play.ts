import { Command } from 'commander';
import { openDeal } from '../../games/registry.js';
import { dealInputFromArg } from '../../games/dealInput.js';
import { type RuleOptionValues, addOutputOptions, addRuleOptions, cardStyleFrom, ruleFlags } from '../options.js';

interface PlayOptions extends RuleOptionValues {
  moves: string;
  cards?: string;
  json?: boolean;
}

export function playCommand(): Command {
  const cmd = new Command('play')
    .description('replay moves through the rules engine and print the position, score and move counter')
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .requiredOption('--moves <list>', 'moves separated by ";", e.g. "K♦; 10♣+3♠; draw" (Pyramide) or "draw; w-c5; c3-f" (Double Solitaire)');
  addRuleOptions(cmd);
  addOutputOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Stops at the first illegal move with the app's reason (exit code 2).
Examples:
  cardsolve play PY1-N-AAAAAAA --moves "draw; draw; turn over"
  cardsolve play deal.txt --moves "K♦; 10♣ + 3♠"`,
  );
  return cmd.action((arg: string, options: PlayOptions) => {
    const deal = openDeal(dealInputFromArg(arg), ruleFlags(options));
    const outcome = deal.play(options.moves, cardStyleFrom(options));
    process.stdout.write((options.json ? JSON.stringify(outcome.json) : outcome.text) + '\n');
    if (!outcome.ok) {
      process.stderr.write(`cardsolve: ${outcome.error}\n`);
      process.exitCode = 2;
    }
  });
}
