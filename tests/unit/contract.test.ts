import {
  AnswerEventSchema,
  firstIssue,
  MessageSchema,
  refusedAnswer,
  SendMessageSchema,
  SolveRequestSchema,
  solvedAnswer,
  titleFrom,
  TutorAnswerSchema,
} from '@studyease/contract';
import { describe, expect, test } from 'vitest';

const solved = solvedAnswer({
  tool: 'math-solver',
  kind: 'linear-equation',
  question: { text: '2x = 4', latex: '2x = 4' },
  answer: { text: 'x = 2', latex: 'x = 2' },
  steps: [{ title: 'Divide both sides by 2', explanation: 'x = 2', latex: 'x = 2' }],
  checks: [{ kind: 'substitution', passed: true, detail: '2·2 = 4' }],
  hints: ['Undo the multiplication.'],
});

describe('TutorAnswerSchema', () => {
  test('accepts what the builders make', () => {
    expect(TutorAnswerSchema.safeParse(solved).success).toBe(true);
    expect(TutorAnswerSchema.safeParse(refusedAnswer('physics-solver', 'unsupported', 'x', 'q', 'why')).success).toBe(
      true,
    );
  });

  test('rejects an answer with an unknown tool or a missing field', () => {
    expect(TutorAnswerSchema.safeParse({ ...solved, tool: 'bio-solver' }).success).toBe(false);
    const { checks: _checks, ...withoutChecks } = solved;
    expect(TutorAnswerSchema.safeParse(withoutChecks).success).toBe(false);
  });
});

describe('solvedAnswer', () => {
  test('derives verified from the checks: never verified without a check, or with a failed one', () => {
    expect(solved.verified).toBe(true);
    expect(solvedAnswer({ ...solved, answer: solved.answer ?? { text: '', latex: '' }, checks: [] }).verified).toBe(
      false,
    );
    const failed = { kind: 'substitution', passed: false, detail: '' };
    expect(solvedAnswer({ ...solved, answer: { text: 'x', latex: 'x' }, checks: [failed] }).verified).toBe(false);
  });
});

describe('AnswerEventSchema', () => {
  test('reads each event by its name', () => {
    expect(AnswerEventSchema.safeParse({ event: 'answer', data: solved }).success).toBe(true);
    expect(AnswerEventSchema.safeParse({ event: 'delta', data: { text: 'x' } }).success).toBe(true);
    expect(AnswerEventSchema.safeParse({ event: 'delta', data: { text: 1 } }).success).toBe(false);
    expect(AnswerEventSchema.safeParse({ event: 'answer', data: { status: 'solved' } }).success).toBe(false);
  });
});

describe('MessageSchema', () => {
  test('takes a message with or without an answer', () => {
    const message = {
      id: 1,
      documentId: 'd',
      role: 'assistant',
      text: '',
      answer: solved,
      status: 'complete',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(MessageSchema.safeParse(message).success).toBe(true);
    expect(MessageSchema.safeParse({ ...message, answer: null }).success).toBe(true);
    expect(MessageSchema.safeParse({ ...message, status: 'lost' }).success).toBe(false);
  });
});

describe('request schemas', () => {
  test('say what is wrong in a sentence the API returns as is', () => {
    const tool = SolveRequestSchema.safeParse({ tool: 'x', question: '2+2' });
    expect(tool.success || firstIssue(tool.error)).toBe(
      'tool must be one of: translator, math-solver, physics-solver, chemistry-solver, homework-helper',
    );
    const empty = SolveRequestSchema.safeParse({ tool: 'math-solver', question: '   ' });
    expect(empty.success || firstIssue(empty.error)).toBe('question must not be empty');
    const options = SendMessageSchema.safeParse({ text: 'hi', options: { from: 'French', extra: 1 } });
    expect(options.success || firstIssue(options.error)).toBe('options may only have `from` and `to`');
  });

  test('trim the question', () => {
    expect(SolveRequestSchema.parse({ tool: 'math-solver', question: '  2+2 ' }).question).toBe('2+2');
  });
});

describe('titleFrom', () => {
  test('takes the first line and shortens it to 80 characters', () => {
    expect(titleFrom('  solve 2x=4 \nplease')).toBe('solve 2x=4');
    expect(titleFrom('a'.repeat(100))).toBe(`${'a'.repeat(79)}…`);
  });
});
