/**
 * `nestmate most-compatible compute`: the day's Most Compatible matching of every campus, ahead of the
 * first request (issue 21, N134). Run from cron just after midnight UTC: a large campus takes seconds
 * (bench/most-compatible.ts), which a request would otherwise spend computing. Already stored runs
 * are left as they are.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { computeCampusMatching, dayOf } from '../core/most-compatible/get-most-compatible';
import { withDb } from './operations';

type Open = Parameters<typeof withDb>[0];

const isoDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw new InvalidArgumentError('must be a date as yyyy-mm-dd');
  }
  return v;
};

export function registerMostCompatibleCommands(program: Command, open: Open) {
  program
    .command('most-compatible')
    .description('Most Compatible today (issue 21)')
    .command('compute')
    .description("compute and store today's matching for every campus that has none yet")
    .option('--day <yyyy-mm-dd>', 'the UTC day (default: today)', isoDay)
    .option('--json', 'print as JSON')
    .action((opts: { day?: string; json?: boolean }) =>
      withDb(open, async (db) => {
        const clock = { now: () => new Date() };
        const day = opts.day ?? dayOf(clock.now());
        const deps = { clock, discovery: db.discovery, mostCompatible: db.mostCompatible };
        const rows = [];
        for (const campus of await db.discovery.campuses()) {
          const started = Date.now();
          const r = await computeCampusMatching(deps, campus, day);
          rows.push({ campus: campus.name, ...r, ms: Date.now() - started });
        }
        if (opts.json) console.log(JSON.stringify({ day, campuses: rows }));
        else {
          console.table(rows);
          console.log(`Most Compatible for ${day}: ${rows.filter((r) => r.stored).length} campuses stored.`);
        }
      }),
    );
}
