// Practice generation (issue #16): for every skill, `count` questions drawn one at a time with a new seed each,
// the ones already drawn avoided (as the backend does for a student's last week). Counts how many came back
// verified with the right skill, how many repeated an earlier one, and the median time per question. Used by
// `npm run bench:tutor` (100 each) and by packages/tutor's practice test (a few each).
import type { PracticeQuestion } from '@studyease/contract';

export interface PracticeRow {
  skill: string;
  asked: number;
  /** Questions returned verified and of this skill. */
  verified: number;
  /** Questions returned that an earlier draw already gave (or that were in `avoid`). */
  repeated: number;
  /** Draws that returned no question. */
  missing: number;
  medianMs: number;
  /** Every question drawn, in order. */
  questions: PracticeQuestion[];
}

type PracticeForSkill<S extends string> = (
  skill: S,
  options: { seedQuestion?: string; seed: string; count: number; avoid?: readonly string[] },
) => PracticeQuestion[];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Draws `count` questions for each skill, one per seed. */
export function practiceTable<S extends string>(
  skills: readonly S[],
  practiceForSkill: PracticeForSkill<S>,
  count: number,
): PracticeRow[] {
  return skills.map((skill) => {
    const questions: PracticeQuestion[] = [];
    const seen = new Set<string>();
    const times: number[] = [];
    let repeated = 0;
    let missing = 0;
    let verified = 0;
    for (let draw = 0; draw < count; draw += 1) {
      const started = performance.now();
      const [question] = practiceForSkill(skill, { seed: `bench-${String(draw)}`, count: 1, avoid: [...seen] });
      times.push(performance.now() - started);
      if (!question) {
        missing += 1;
        continue;
      }
      if (seen.has(question.question)) repeated += 1;
      if (question.verified && question.skill === skill) verified += 1;
      seen.add(question.question);
      questions.push(question);
    }
    return { skill, asked: count, verified, repeated, missing, medianMs: median(times), questions };
  });
}

/** The table as `npm run bench:tutor` prints it. */
export function formatPracticeTable(rows: readonly PracticeRow[]): string {
  const header = ['skill', 'asked', 'verified', 'repeated', 'none', 'median ms'];
  const cells = rows.map((row) => [
    row.skill,
    String(row.asked),
    String(row.verified),
    String(row.repeated),
    String(row.missing),
    row.medianMs.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly string[]): string =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
