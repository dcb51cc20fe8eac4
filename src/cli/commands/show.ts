import { Command } from 'commander';
import {
  addOutputOptions,
  addRuleOptions,
  cardStyleFrom,
  type OutputOptionValues,
  openDealArg,
  type RuleOptionValues,
} from '../options.js';

interface ShowOptions extends RuleOptionValues, OutputOptionValues {
  layout?: boolean;
}

export function showCommand(): Command {
  const cmd = new Command('show')
    .description('draw a deal as the app lays it out; --layout prints the deal-file form (reads back the same deal)')
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .option('--layout', 'print the deal-file form instead of the drawing');
  addRuleOptions(cmd);
  addOutputOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Examples:
  cardsolve show PY1-N-AAAAAAS
  cardsolve show PY1-N-AAAAAAS --layout > deal.txt && cardsolve solve deal.txt
  cardsolve show DS1-D1N-AAAAAAB --cards fr`,
  );
  return cmd.action((arg: string, options: ShowOptions) => {
    const deal = openDealArg(arg, options);
    const text = deal.show(cardStyleFrom(options), options.layout === true);
    if (options.json) {
      process.stdout.write(
        JSON.stringify({ code: deal.code, fingerprint: deal.fingerprint, game: deal.game, rules: deal.rules, text }) + '\n',
      );
    } else {
      process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    }
  });
}
