import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT, run } from './main';

const lines = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe('nestmate moderation train and eval (issue 15)', () => {
  let dir: string;
  let out: string[];
  const env = { NODE_ENV: 'test', DATABASE_URL: ':memory:' };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nestmate-moderation-'));
    out = [];
    vi.spyOn(console, 'log').mockImplementation((...a) => out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a) => out.push(a.join(' ')));
  });

  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints precision and recall, overall and per category, for a labelled file', async () => {
    const file = join(dir, 'labelled.jsonl');
    writeFileSync(
      file,
      lines([
        {
          text: "I'm out of the country, wire the deposit before viewing and I mail you the keys",
          flag: true,
          category: 'rental_scam',
        },
        { text: 'k y s', flag: true, category: 'harassment' },
        { text: 'I paid the deposit at the leasing office, they gave me a receipt', flag: false },
        { text: 'See you at the open house on Saturday!', flag: false, category: 'none' },
      ]),
    );
    expect(await run(['moderation', 'eval', file, '--json'], env)).toBe(EXIT.ok);
    const result = JSON.parse(out.join('\n'));
    expect(result).toMatchObject({ messages: 4, overall: { truePositives: 2, falsePositives: 0, falseNegatives: 0 } });
    expect(result.perCategory.rental_scam).toMatchObject({ precision: 1, recall: 1, support: 1 });
    expect(result.perCategory.harassment).toMatchObject({ recall: 1, support: 1 });
  });

  it('names the line of a file that is not labelled JSON lines, and changes nothing', async () => {
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, lines([{ text: 'fine', flag: false }, { text: 'no flag here' }]));
    expect(await run(['moderation', 'eval', file], env)).toBe(EXIT.failure);
    expect(out.join('\n')).toMatch(/bad\.jsonl:2:/);
  });

  it('trains a model from a corpus, reproducibly, and reports the test split beside the old rules', async () => {
    const corpus = join(dir, 'corpus.jsonl');
    const scam = [
      'wire the deposit before viewing',
      'pay with gift cards and I mail the keys',
      'send the holding fee by western union',
    ];
    const fine = [
      'see you at the viewing',
      'rent is split evenly',
      'the lease starts in august',
      'can we tour on friday',
    ];
    writeFileSync(
      corpus,
      lines([
        ...scam.map((text) => ({ text, flag: true, category: 'rental_scam', split: 'train' })),
        ...fine.map((text) => ({ text, flag: false, category: 'none', split: 'train' })),
        { text: 'wire me the deposit, no viewing', flag: true, category: 'rental_scam', split: 'test' },
        { text: 'see you at the tour', flag: false, category: 'none', split: 'test' },
      ]),
    );
    const model = join(dir, 'a.json');
    expect(await run(['moderation', 'train', '--corpus', corpus, '--out', model], env)).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/Trained on 7 messages/);
    expect(out.join('\n')).toMatch(/Test split: 2 messages/);
    expect(out.join('\n')).toMatch(/Baseline \(the old regex rules\)/);
    expect(out.join('\n')).toMatch(/Reliability on the test split/);
    const again = join(dir, 'b.json');
    expect(await run(['moderation', 'train', '--corpus', corpus, '--out', again], env)).toBe(EXIT.ok);
    expect(existsSync(model)).toBe(true);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(model, 'utf8'));
  });
});
