import type { Problem } from './problem.ts';
import { grade, type EngineAnswer } from './grade.ts';

/** One family's row: how many questions, and what the engines made of them. */
export interface FamilyRow {
  family: string;
  tool: string;
  solved: number;
  wrong: string[];
  /** Wrong answers that still carried the "Checked" badge: the worst kind. */
  wrongChecked: number;
  unsupported: string[];
  times: number[];
}

export interface Answered extends EngineAnswer {
  verified: boolean;
  reason?: string;
}

/**
 * Runs every problem through `solve` and grades the answer against the generator's own expected value.
 * @param solve - the engines, in process or over HTTP
 */
export async function runCorpus(
  corpus: readonly Problem[],
  solve: (tool: Problem['tool'], question: string) => Promise<Answered> | Answered,
): Promise<FamilyRow[]> {
  const rows = new Map<string, FamilyRow>();
  for (const problem of corpus) {
    const row = rows.get(problem.family) ?? {
      family: problem.family,
      tool: problem.tool,
      solved: 0,
      wrong: [],
      wrongChecked: 0,
      unsupported: [],
      times: [],
    };
    rows.set(problem.family, row);
    const started = performance.now();
    const answer = await solve(problem.tool, problem.question);
    row.times.push(performance.now() - started);
    const verdict = grade(answer, problem.expected);
    if (verdict === 'solved') row.solved += 1;
    else if (verdict === 'wrong') {
      row.wrong.push(
        `${problem.question} → ${answer.answer?.text ?? ''} (expected ${JSON.stringify(problem.expected)})`,
      );
      if (answer.verified) row.wrongChecked += 1;
    } else row.unsupported.push(`${problem.question} → ${answer.reason ?? answer.status}`);
  }
  return [...rows.values()];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The per-family table as Markdown, with a total line and the goal (≥ 95% solved in every family, 0 wrong). */
export function formatTable(rows: readonly FamilyRow[]): string {
  const header = [
    'family',
    'tool',
    'problems',
    'solved',
    'wrong',
    'wrong & Checked',
    'unsupported',
    'solved %',
    'median ms',
  ];
  const body = rows.map((row) => {
    const total = row.solved + row.wrong.length + row.unsupported.length;
    return [
      row.family,
      row.tool,
      String(total),
      String(row.solved),
      String(row.wrong.length),
      String(row.wrongChecked),
      String(row.unsupported.length),
      ((100 * row.solved) / Math.max(total, 1)).toFixed(1),
      median(row.times).toFixed(1),
    ];
  });
  const sum = (pick: (row: FamilyRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const total = sum((row) => row.solved + row.wrong.length + row.unsupported.length);
  body.push([
    'all',
    '',
    String(total),
    String(sum((row) => row.solved)),
    String(sum((row) => row.wrong.length)),
    String(sum((row) => row.wrongChecked)),
    String(sum((row) => row.unsupported.length)),
    ((100 * sum((row) => row.solved)) / Math.max(total, 1)).toFixed(1),
    median(rows.flatMap((row) => row.times)).toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const below = rows.filter((row) => row.solved < 0.95 * (row.solved + row.wrong.length + row.unsupported.length));
  return [
    line(header),
    `|${widths.map((width, column) => (column < 2 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
    ...body.map(line),
    '',
    `goal: every family ≥ 95% solved and 0 wrong; ${String(below.length)} families below 95%, ` +
      `${String(sum((row) => row.wrong.length))} wrong (${String(sum((row) => row.wrongChecked))} of them marked Checked)`,
  ].join('\n');
}
