/** `nestmate`: the operator's command line (issue 2 §6, issue 9). */
import { existsSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { Argon2PasswordHasher, uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { PostgresRealtimeBus } from '../adapters/realtime/postgres.bus';
import { LocalDiskPhotoStore } from '../adapters/storage/local-disk.photo-store';
import { photoStoreFor } from '../adapters/storage/photo-store';
import { loadEnv } from '../config/env';
import { firstLink } from '../core/accounts/mails';
import { parseWeightSet, WEIGHT_KEYS, type WeightSet } from '../core/matching/compare-weights';
import { registerCompatibilityCommands } from './compatibility';
import { registerMostCompatibleCommands } from './most-compatible';
import { registerNotifyCommands } from './notify';
import { EXIT, findUserOrExit, registerOperations, withDb } from './operations';
import { progressBar } from './progress';
import { seedDemoUsers, seedReferenceData } from './seed';
import { simulate, simulateWeights, toCsv } from './simulate';
import { registerVerificationCommands } from './verification';

const positiveInt = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number of 0 or more');
  return n;
};

/** One `--compare-weights` value, collected; a bad one is a usage error (exit 2). */
const weightSet = (spec: string, previous: WeightSet[] = []) => {
  const parsed = parseWeightSet(spec);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.error);
  if (previous.some((w) => w.name === parsed.value.name)) {
    throw new InvalidArgumentError(`"${parsed.value.name}" is named twice`);
  }
  return [...previous, parsed.value];
};

export function buildProgram(source: Record<string, string | undefined> = process.env) {
  const program = new Command('nestmate')
    .description('Nestmate operations: database, seed data, admins and the development mailbox')
    .option('--database <url>', 'database URL (default: DATABASE_URL or file:./data/nestmate.db)')
    .showHelpAfterError()
    .exitOverride();

  const databaseUrl = () => program.opts<{ database?: string }>().database ?? loadEnv(source).DATABASE_URL;
  /** Opens the database; only migrate and seed may create it (a typo must not make an empty one). */
  const open = (create = false) => {
    const url = databaseUrl();
    const file = url.replace(/^file:/, '');
    if (!create && url.startsWith('file:') && file !== ':memory:' && !existsSync(file)) {
      throw new Error(`No database at ${file}. Run \`nestmate migrate\` first, or pass --database.`);
    }
    return openDatabase(url, uuidIds);
  };

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const db = open(true);
      try {
        // PostgreSQL migrates in the background of opening; SQLite already has.
        await db.ready();
      } finally {
        await db.close();
      }
      console.log('Migrations applied.');
    });

  program
    .command('seed')
    .description('load reference data (22 universities, prompt catalogue) and optional demo students')
    .option('--demo <n>', 'also create N demo students who can sign in', positiveInt, 0)
    .option('--seed <n>', 'random seed for the demo students', positiveInt, 42)
    .option('--json', 'print the result as JSON')
    .action(async (opts: { demo: number; seed: number; json?: boolean }) => {
      const db = open(true);
      try {
        const counts = await seedReferenceData(db);
        const bar = opts.json || opts.demo === 0 ? null : progressBar('demo students', opts.demo);
        const users = await seedDemoUsers(
          db,
          { hasher: new Argon2PasswordHasher(), ids: uuidIds, now: () => new Date() },
          opts.demo,
          opts.seed,
          (done) => bar?.update(done),
          new LocalDiskPhotoStore(loadEnv(source).MEDIA_DIR),
        );
        bar?.done();
        if (opts.json) {
          console.log(JSON.stringify({ ...counts, demoUsers: users }, null, 2));
        } else {
          console.log(`Reference data: ${counts.universities} universities, ${counts.prompts} prompts.`);
          for (const u of users) console.log(`${u.created ? 'created' : 'exists '}  ${u.email}  /  ${u.password}`);
        }
      } finally {
        db.close();
      }
    });

  const admin = program.command('admin').description('grant or revoke admin access (D27)');
  for (const [name, active] of [
    ['grant', true],
    ['revoke', false],
  ] as const) {
    admin
      .command(`${name} <email>`)
      .description(`${name} admin access for the account with this e-mail`)
      .action((email: string) =>
        withDb(open, async (db) => {
          const user = await findUserOrExit(db, email);
          if (!user) return;
          await db.admins.setActive(user.email, active, new Date());
          console.log(active ? `${email} is now an admin.` : `${email} is no longer an admin.`);
        }),
      );
  }

  const gold = program.command('gold').description('give or end Gold without a payment (support, demos, tests)');
  gold
    .command('grant <email>')
    .description('make the account Gold for a number of days')
    .option('--days <n>', 'how long', positiveInt, 30)
    .action((email: string, opts: { days: number }) =>
      withDb(open, async (db) => {
        const user = await findUserOrExit(db, email);
        if (!user) return;
        const now = new Date();
        const end = new Date(now.getTime() + opts.days * 86_400_000);
        await db.subscriptions.set(
          user.id,
          { isPremium: true, tier: 'gold', subscriptionEnd: end, cancelled: false },
          now,
        );
        console.log(`${email} is Gold until ${end.toISOString()}.`);
      }),
    );
  gold
    .command('revoke <email>')
    .description('end Gold now')
    .action((email: string) =>
      withDb(open, async (db) => {
        const user = await findUserOrExit(db, email);
        if (!user) return;
        const ended = { isPremium: false, tier: null, subscriptionEnd: null, cancelled: false };
        await db.subscriptions.set(user.id, ended, new Date());
        console.log(`${email} is no longer Gold.`);
      }),
    );

  // A PostgreSQL server carries session endings to every API process (issue 14, N32).
  const openBus = () => {
    const url = databaseUrl();
    return /^postgres(ql)?:\/\//.test(url) ? new PostgresRealtimeBus(url, { log: (l) => console.error(l) }) : null;
  };
  registerOperations(program, open, openBus, () => photoStoreFor(loadEnv(source)));
  registerVerificationCommands(program, open, () => loadEnv(source));
  registerNotifyCommands(program, open, () => loadEnv(source));
  registerMostCompatibleCommands(program, open);
  registerCompatibilityCommands(program, open);

  program
    .command('simulate')
    .description(
      'a synthetic campus: production ranking versus random order (matches per 100 swipes, time to first match); with --compare-weights, alternative D12 weights against a synthetic outcome model',
    )
    .option('--users <n>', 'students', positiveInt, 500)
    .option('--rounds <n>', 'days of swiping', positiveInt, 1)
    .option('--per-round <n>', 'cards swiped per student per day', positiveInt, 20)
    .option('--seed <n>', 'random seed', positiveInt, 7)
    .option('--out <file>', 'also write the table as CSV')
    .option('--json', 'print as JSON')
    .option(
      '--compare-weights <name=factor:weight,...>',
      `compare alternative D12 weights with today's instead (repeatable; merged over today's and scaled to 100; factors: ${WEIGHT_KEYS.join(', ')}; e.g. tidy=cleanliness:25,budget:5); changes no weight`,
      weightSet,
    )
    .action(
      async (opts: {
        users: number;
        rounds: number;
        perRound: number;
        seed: number;
        out?: string;
        json?: boolean;
        compareWeights?: WeightSet[];
      }) => {
        if (opts.compareWeights) {
          const report = simulateWeights(opts.compareWeights, opts);
          if (opts.out) writeFileSync(opts.out, `${toCsv(report.rows)}\n`);
          if (opts.json) {
            const { rows: _rows, header: _header, ...json } = report;
            console.log(JSON.stringify(json, null, 2));
          } else {
            console.log(report.header);
            console.table(report.rows);
            console.log(report.note);
          }
          return;
        }
        const started = Date.now();
        const results = await simulate(opts, (arm) =>
          process.stderr.write(`simulating ${opts.users} students, ${arm} order…\n`),
        );
        if (opts.out) writeFileSync(opts.out, `${toCsv(results)}\n`);
        if (opts.json) console.log(JSON.stringify(results, null, 2));
        else {
          console.table(results);
          console.log(`Finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        }
      },
    );

  program
    .command('mail')
    .description('the development mailbox (outbox)')
    .command('list')
    .description('list the newest mail in the outbox')
    .option('--limit <n>', 'how many', positiveInt, 20)
    .option('--json', 'print as JSON')
    .action(async (opts: { limit: number; json?: boolean }) => {
      const db = open();
      try {
        const mails = await db.outbox.list(opts.limit);
        if (opts.json) {
          console.log(
            JSON.stringify(
              mails.map((m) => ({ ...m, link: firstLink(m.text) })),
              null,
              2,
            ),
          );
          return;
        }
        if (mails.length === 0) console.log('The outbox is empty.');
        for (const m of mails) {
          console.log(`${m.createdAt.toISOString()}  ${m.to}  ${m.subject}`);
          const link = firstLink(m.text);
          if (link) console.log(`  ${link}`);
        }
      } finally {
        db.close();
      }
    });

  return program;
}

export { EXIT };

export async function run(argv: string[], source?: Record<string, string | undefined>): Promise<number> {
  const program = buildProgram(source);
  // The exit code is per command; a previous one (in tests, the same process) must not leak in.
  process.exitCode = undefined;
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (e) {
    const code = (e as { code?: string; exitCode?: number }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') return EXIT.ok;
    if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.usage;
    console.error(e instanceof Error ? e.message : String(e));
    return EXIT.failure;
  }
}

// `tsx cli/main.ts …` runs it directly; bin/nestmate.js imports it and calls run() itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await run(process.argv.slice(2));
}
