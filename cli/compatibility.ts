/**
 * `nestmate compatibility evaluate`: how well today's compatibility weights predict how living
 * together went (issue 21's outcome loop, N149). Each answer is scored with today's function
 * against the other parties of the accepted agreement (their mean in a group); the report is the
 * rank correlation with the 1–5 ratings and the mean rating per band. Weights stay a reviewed code
 * change: this only measures.
 */
import type { Command } from 'commander';
import { evaluateOutcomes } from '../core/roommate-agreements/evaluate';
import { scoredOutcomes } from '../core/roommate-agreements/outcome-report';
import { withDb } from './operations';

type Open = Parameters<typeof withDb>[0];

export function registerCompatibilityCommands(program: Command, open: Open) {
  const cmd = program.command('compatibility').description('compatibility against roommate outcomes (issue 21)');
  cmd
    .command('evaluate')
    .description('rank correlation of today’s compatibility scores with "How\'s living together?" ratings')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }) =>
      withDb(open, async (db) => {
        const { rows, unscored } = await scoredOutcomes({ outcomes: db.roommateAgreements, people: db.discovery });
        const report = { ...evaluateOutcomes(rows), unscored };
        if (opts.json) return console.log(JSON.stringify(report, null, 2));
        console.log(
          `${report.answers} answers (${report.didNotMoveIn} did not move in, ${report.unscored} without profiles).`,
        );
        console.log(
          `Spearman rank correlation, compatibility vs rating: ${report.spearman === null ? 'not enough answers' : report.spearman.toFixed(3)}`,
        );
        console.table(report.bands.map((b) => ({ ...b, meanRating: b.meanRating?.toFixed(2) ?? '—' })));
      }),
    );
}
