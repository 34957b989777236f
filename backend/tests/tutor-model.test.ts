import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type * as ChatCompletions from '../src/tutor/model/chatCompletions.ts';
import type * as ModelAnswer from '../src/tutor/model/modelAnswer.ts';
import type * as Dependencies from '../src/tutor/dependencies.ts';
import type * as Stream from '../src/tutor/stream.ts';
import type * as StructuredRequest from '../src/tutor/model/structuredRequest.ts';
import { type AnswerEvent, checkLevelOf, refusedAnswer, type ToolId } from '@studyease/contract';
import { solveLocally } from '@studyease/tutor';
import { requireCompiled } from './support/compiled.ts';
import { startFakeModel, structuredRequest, WRONG_ARITHMETIC_REPLY, type FakeModel } from '../../tools/fake-model.ts';

const { streamChat, ModelError } = requireCompiled<typeof ChatCompletions>('src/tutor/model/chatCompletions');
const { numbersKept } = requireCompiled<typeof ModelAnswer>('src/tutor/model/modelAnswer');
const { streamAnswer, collectAnswer } = requireCompiled<typeof Stream>('src/tutor/stream');
const { poolDependencies } = requireCompiled<typeof Dependencies>('src/tutor/dependencies');
const { engineQuestionOf, parseStructuredRequest } = requireCompiled<typeof StructuredRequest>(
  'src/tutor/model/structuredRequest',
);

let fake: FakeModel;
before(async () => {
  fake = await startFakeModel();
});
after(async () => {
  await fake.stop();
});

const settings = (timeoutMs = 5000) => ({ baseUrl: fake.url, apiKey: 'test-key', model: 'test-model', timeoutMs });

const collect = async (iterable: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of iterable) text += piece;
  return text;
};

describe('streamChat', () => {
  test('streams the reply chunk by chunk and sends model, messages and stream: true', async () => {
    fake.mode = 'ok';
    fake.reply = 'The mitochondria is the powerhouse of the cell.';
    const pieces: string[] = [];
    for await (const piece of streamChat(settings(), [{ role: 'user', content: 'hi' }])) pieces.push(piece);
    assert.ok(pieces.length > 3, 'more than one chunk');
    assert.equal(pieces.join(''), fake.reply);
    assert.deepEqual((fake.requests.at(-1) as { model: string; stream: boolean }).model, 'test-model');
    assert.equal((fake.requests.at(-1) as { stream: boolean }).stream, true);
  });

  test('a 500 is a ModelError of kind http', async () => {
    fake.mode = 'error-500';
    await assert.rejects(collect(streamChat(settings(), [{ role: 'user', content: 'x' }])), (error: unknown) => {
      assert.ok(error instanceof ModelError);
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 500);
      return true;
    });
  });

  test('a model that never answers times out', async () => {
    fake.mode = 'slow';
    await assert.rejects(collect(streamChat(settings(300), [{ role: 'user', content: 'x' }])), { kind: 'timeout' });
  });

  test('a stream cut in the middle is reported, not taken as a complete answer', async () => {
    fake.mode = 'cut';
    fake.reply = 'A long answer that will be cut somewhere around its middle part.';
    await assert.rejects(collect(streamChat(settings(), [{ role: 'user', content: 'x' }])), { kind: 'cut' });
  });
});

describe('streamAnswer with a model', () => {
  const noEngine = () => Promise.reject(new Error('no engine for this tool'));

  test('the translator streams start, deltas, the answer and done; numbers are checked but not "verified"', async () => {
    fake.mode = 'ok';
    fake.reply = 'The train leaves at 7.30 and costs 12 euros.';
    const events = [];
    for await (const event of streamAnswer(
      'translator',
      'Le train part à 7,30 et coûte 12 euros.',
      { from: 'fr', to: 'en' },
      {
        solveWithEngine: noEngine,
        model: settings(),
      },
    )) {
      events.push(event);
    }
    const names = events.map((event) => event.event);
    assert.equal(names[0], 'start');
    assert.ok(names.includes('delta'));
    assert.deepEqual(names.slice(-2), ['answer', 'done']);
    const answer = events.find((event) => event.event === 'answer');
    assert.ok(answer?.event === 'answer');
    assert.equal(answer.data.source, 'model');
    assert.equal(answer.data.answer?.text, fake.reply);
    assert.equal(answer.data.checks[0]?.passed, true);
    assert.equal(answer.data.verified, false);
  });

  test('a failing model ends with an error event for the student, then done', async () => {
    fake.mode = 'error-500';
    const events = [];
    for await (const event of streamAnswer('homework-helper', 'Why is the sky blue?', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    })) {
      events.push(event);
    }
    assert.deepEqual(
      events.map((event) => event.event),
      ['start', 'error', 'done'],
    );
    const error = events[1];
    assert.ok(error?.event === 'error');
    assert.match(error.data.message, /not available right now/);
  });

  test('without a model, a model-only tool gets the friendly "needs an AI model" answer', async () => {
    const answer = await collectAnswer('homework-helper', 'Why is the sky blue?', undefined, {
      solveWithEngine: noEngine,
      model: null,
    });
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason ?? '', /needs an AI model, which this site doesn.t have switched on/);
  });

  test('collectAnswer turns a cut stream into an honest "unsupported" with the reason', async () => {
    fake.mode = 'cut';
    fake.reply = 'An answer that is going to be cut off before its end, sadly.';
    const answer = await collectAnswer('homework-helper', 'Explain osmosis', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    });
    assert.equal(answer.status, 'unsupported');
    assert.match(answer.reason ?? '', /cut off/);
  });
});

/** What an engine answers when it cannot: the model takes the question. */
const noEngineAnswer = refusedAnswer('math-solver', 'unsupported', 'x', '', 'beyond the engine');

describe('model answers checked by an engine', () => {
  test("a model's math answer is verified when its roots satisfy the equation, and flagged when they do not", async () => {
    const noEngine = () => Promise.resolve({ ...noEngineAnswer });
    fake.mode = 'ok';
    fake.reply = 'Factor the quadratic.\nAnswer: x = 2, x = 3';
    const right = await collectAnswer('math-solver', 'x^2-5x+6=0', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    });
    assert.equal(right.source, 'model');
    assert.equal(right.checks[0]?.passed, true);
    assert.equal(right.verified, true);

    fake.reply = 'Factor the quadratic.\nAnswer: x = 2, x = 4';
    const wrong = await collectAnswer('math-solver', 'x^2-5x+6=0', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    });
    assert.equal(wrong.checks[0]?.passed, false);
    assert.equal(wrong.verified, false);
  });

  test("the server checks a model's answer in the worker pool, with its time limit, not on its main thread", async () => {
    fake.mode = 'ok';
    fake.reply = 'Factor the quadratic.\nAnswer: x = 2, x = 3';
    const config = {
      rateLimitPerMinute: 0,
      timeoutMs: 20_000,
      maxQuestionLength: 2000,
      maxThreads: 1,
      model: settings(),
    };
    const deps = poolDependencies(config);
    const asked: string[] = [];
    const inPool = deps.checkModelAnswer;
    assert.ok(inPool, 'the server passes a pool check');
    const answer = await collectAnswer('math-solver', 'x^2-5x+6=0', undefined, {
      ...deps,
      solveWithEngine: () => Promise.resolve({ ...noEngineAnswer }),
      checkModelAnswer: async (tool, question, final) => {
        asked.push(final);
        return inPool(tool, question, final);
      },
    });
    assert.deepEqual(asked, ['x = 2, x = 3']);
    assert.equal(answer.verified, true);
  });
});

/** A question no engine reads (French), whatever phrasing the engines learn: only the model can restate it. */
const FRENCH = 'Résous trois x moins sept égale onze';

/** The engines as the server runs them, except that they cannot read FRENCH (the pool is not needed here). */
const engines = (tool: ToolId, question: string) =>
  Promise.resolve(
    question === FRENCH
      ? refusedAnswer(tool, 'unsupported', 'unsupported', question, 'I could not read this question.')
      : solveLocally(tool, question),
  );

const eventsOf = async (tool: ToolId, question: string, model = settings()) => {
  const events: AnswerEvent[] = [];
  for await (const event of streamAnswer(tool, question, undefined, { solveWithEngine: engines, model })) {
    events.push(event);
  }
  return events;
};

describe('the model reads a question for the engines', () => {
  test('its structured request is solved and checked by the engine, which says the model read it', async () => {
    fake.mode = 'ok';
    fake.reply = 'Answer: x = 5';
    fake.structured = structuredRequest({ topic: 'equation', expression: '3x-7=11', variable: 'x' });
    const before = fake.requests.length;
    try {
      const events = await eventsOf('math-solver', FRENCH);
      assert.equal(events[0]?.event === 'start' && events[0].data.source, 'engine');
      const answer = events.find((event) => event.event === 'answer');
      assert.ok(answer?.event === 'answer');
      assert.equal(answer.data.source, 'engine');
      assert.equal(answer.data.readByModel, true);
      assert.equal(answer.data.answer?.text, 'x = 6');
      assert.equal(answer.data.verified, true);
      // "I read this as": the question the engine solved, as the model restated it.
      assert.match(answer.data.question.text, /3x-7=11/);
      assert.ok(answer.data.question.latex);
      assert.equal(fake.requests.length, before, "the model's own answer was not asked for");
      const sent = fake.structuredRequests.at(-1) as {
        messages: { content: string }[];
        response_format: { json_schema: { schema: { properties: Record<string, unknown> } } };
      };
      assert.equal(sent.messages.at(-1)?.content, FRENCH);
      assert.deepEqual(Object.keys(sent.response_format.json_schema.schema.properties).sort(), [
        'answerUnit',
        'bounds',
        'data',
        'expression',
        'find',
        'topic',
        'variable',
      ]);
    } finally {
      fake.structured = null;
    }
  });

  test("a physics request with data and units is written in the engine's notation", async () => {
    fake.mode = 'ok';
    fake.structured = structuredRequest({
      topic: 'physics',
      data: [
        { quantity: 'mass', value: 5, unit: 'kg' },
        { quantity: 'force', value: 20, unit: 'N' },
      ],
      find: 'acceleration',
    });
    try {
      const answer = await collectAnswer('physics-solver', FRENCH, undefined, {
        solveWithEngine: engines,
        model: settings(),
      });
      assert.equal(answer.source, 'engine');
      assert.equal(answer.readByModel, true);
      assert.match(answer.answer?.text ?? '', /^4 m\/s\^2/);
    } finally {
      fake.structured = null;
    }
  });

  test("an engine's invalid verdict stands: restated when the model can, never replaced by the model's answer", async () => {
    const impossible = 'Fe + O2 -> Au';
    const invalid = refusedAnswer(
      'chemistry-solver',
      'invalid',
      'balance',
      impossible,
      'Fe appears only on the left side.',
    );
    const deps = (reserve?: () => Promise<string | null>) => ({
      solveWithEngine: (tool: ToolId, question: string) =>
        question === impossible ? Promise.resolve(invalid) : Promise.resolve(solveLocally(tool, question)),
      model: settings(),
      ...(reserve ? { reserveModelAnswer: reserve } : {}),
    });
    fake.mode = 'ok';
    fake.structured = null;
    const before = fake.requests.length;
    const kept = await collectAnswer('chemistry-solver', impossible, undefined, deps());
    assert.equal(kept.status, 'invalid');
    assert.equal(kept.reason, 'Fe appears only on the left side.');
    assert.equal(fake.requests.length, before, "the model's own answer was not asked for");

    // Over the model budget (the public route throws a 429): the verdict, not an error.
    const overBudget = await collectAnswer(
      'chemistry-solver',
      impossible,
      undefined,
      deps(() => Promise.reject(new Error('429'))),
    );
    assert.equal(overBudget.status, 'invalid');
    // The model down: the verdict too.
    fake.mode = 'error-500';
    assert.equal((await collectAnswer('chemistry-solver', impossible, undefined, deps())).status, 'invalid');
    fake.mode = 'ok';

    // A misread question the model restates is solved by the engine.
    fake.structured = structuredRequest({ topic: 'balance', expression: 'Fe + O2 -> Fe2O3' });
    try {
      const restated = await collectAnswer('chemistry-solver', impossible, undefined, deps());
      assert.equal(restated.status, 'solved');
      assert.equal(restated.readByModel, true);
      assert.equal(restated.source, 'engine');
    } finally {
      fake.structured = null;
    }
  });

  test('a malformed or unusable structured request falls through to the model, whose answer is not checked', async () => {
    fake.mode = 'ok';
    fake.reply = 'Trois x égale dix-huit, donc x vaut six.\nAnswer: x = 6';
    for (const structured of [
      '{"topic": "equation", "expression": ',
      'not json at all',
      structuredRequest({ topic: 'balance', expression: 'H2 + O2 -> H2O' }),
    ]) {
      fake.structured = structured;
      const answer = await collectAnswer('math-solver', FRENCH, undefined, {
        solveWithEngine: engines,
        model: settings(),
      });
      assert.equal(answer.source, 'model', structured);
      assert.equal(answer.readByModel, undefined);
    }
    fake.structured = null;
  });

  test('a model that is down while reading gives the student plain words, then done', async () => {
    fake.mode = 'error-500';
    const events = await eventsOf('math-solver', FRENCH);
    assert.deepEqual(
      events.map((event) => event.event),
      ['start', 'error', 'done'],
    );
    const error = events[1];
    assert.ok(error?.event === 'error');
    assert.equal(error.data.message, 'The AI model is not available right now. Please try again in a moment.');
    fake.mode = 'slow';
    const slow = await eventsOf('math-solver', FRENCH, settings(300));
    const timeout = slow[1];
    assert.ok(timeout?.event === 'error');
    assert.equal(timeout.data.message, 'The AI model took too long to answer. Please try again.');
    fake.mode = 'ok';
  });

  test('malformed JSON from the model ends in plain words, not a parser message', async () => {
    fake.mode = 'malformed';
    try {
      // The structured request's reply and the answer's stream are both broken JSON.
      const answer = await collectAnswer('math-solver', FRENCH, undefined, {
        solveWithEngine: engines,
        model: settings(),
      });
      assert.equal(answer.status, 'unsupported');
      assert.equal(answer.reason, 'The AI model sent an answer that could not be read. Please try again.');
    } finally {
      fake.mode = 'ok';
    }
  });
});

describe('engineQuestionOf', () => {
  const request = (fields: Record<string, unknown>) => {
    const parsed = parseStructuredRequest(structuredRequest(fields));
    assert.ok(parsed, JSON.stringify(fields));
    return parsed;
  };

  test("writes each topic in the engine's notation, and the engine solves it", () => {
    const cases: [ToolId, Record<string, unknown>, string][] = [
      [
        'math-solver',
        { topic: 'derivative', expression: 't^2*sin(t)', variable: 't' },
        'derivative of t^2*sin(t) with respect to t',
      ],
      [
        'math-solver',
        { topic: 'integral', expression: 'x^2', variable: 'x', bounds: { from: '0', to: '1' } },
        'integrate x^2 dx from 0 to 1',
      ],
      [
        'math-solver',
        { topic: 'limit', expression: 'sin(x)/x', variable: 'x', bounds: { from: '', to: '0' } },
        'limit sin(x)/x as x->0',
      ],
      ['math-solver', { topic: 'system', expression: '2x+y=5; x-y=1' }, '2x+y=5, x-y=1'],
      ['math-solver', { topic: 'factor', expression: 'x^2-5x+6' }, 'factor x^2-5x+6'],
      ['chemistry-solver', { topic: 'molar-mass', expression: 'H2SO4' }, 'molar mass of H2SO4'],
      [
        'chemistry-solver',
        {
          topic: 'stoichiometry',
          expression: 'H2 + O2 -> H2O',
          data: [{ quantity: 'H2', value: 4, unit: 'g' }],
          find: 'H2O',
          answerUnit: 'mol',
        },
        'How many moles of H2O form from 4 g of H2? H2 + O2 -> H2O',
      ],
    ];
    for (const [tool, fields, expected] of cases) {
      assert.ok(tool === 'math-solver' || tool === 'chemistry-solver');
      const question = engineQuestionOf(tool, request(fields));
      assert.equal(question, expected);
      assert.equal(solveLocally(tool, expected).status, 'solved', expected);
    }
  });

  test('refuses a topic of another tool, none, and a request missing what its topic needs', () => {
    assert.equal(engineQuestionOf('math-solver', request({ topic: 'balance', expression: 'H2 + O2 -> H2O' })), null);
    assert.equal(engineQuestionOf('math-solver', request({ topic: 'none' })), null);
    assert.equal(engineQuestionOf('math-solver', request({ topic: 'equation', expression: 'x+1' })), null);
    assert.equal(engineQuestionOf('physics-solver', request({ topic: 'physics', data: [] })), null);
    assert.equal(parseStructuredRequest('{"topic": "equation"}'), null);
    assert.equal(parseStructuredRequest('not json'), null);
  });
});

describe("the arithmetic of a model's answer", () => {
  const noEngine = () => Promise.reject(new Error('no engine for this tool'));

  test('a wrong multiplication is a failed check naming it, and the badge is "Not checked"', async () => {
    fake.mode = 'ok';
    fake.reply = WRONG_ARITHMETIC_REPLY;
    const answer = await collectAnswer('homework-helper', 'How many pencils in two boxes?', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    });
    assert.equal(answer.source, 'model');
    const failed = answer.checks.filter((check) => !check.passed);
    assert.deepEqual(
      failed.map((check) => [check.kind, check.detail]),
      [['arithmetic', '6 × 7 = 41 is wrong: 6 × 7 = 42.']],
    );
    assert.equal(answer.verified, false);
    assert.equal(checkLevelOf(answer), 'none');
  });

  test('right arithmetic alone is "Arithmetic checked", never "Checked"', async () => {
    fake.mode = 'ok';
    fake.reply = 'Each box holds 6 × 7 = 42 pencils, two boxes 42 + 42 = 84.\nAnswer: 84';
    const answer = await collectAnswer('homework-helper', 'How many pencils in two boxes?', undefined, {
      solveWithEngine: noEngine,
      model: settings(),
    });
    assert.deepEqual(
      answer.checks.map((check) => [check.kind, check.passed]),
      [['arithmetic', true]],
    );
    assert.equal(answer.verified, false);
    assert.equal(checkLevelOf(answer), 'arithmetic');
  });

  test('"Checked" only when the engine\'s check of the final answer passed too', async () => {
    fake.mode = 'ok';
    fake.reply = 'The roots multiply to 2 × 3 = 6 and add to 2 + 3 = 5.\nAnswer: x = 2, x = 3';
    const answer = await collectAnswer('math-solver', 'x^2-5x+6=0', undefined, {
      solveWithEngine: () => Promise.resolve({ ...noEngineAnswer }),
      model: settings(),
    });
    assert.equal(answer.source, 'model');
    assert.equal(answer.verified, true);
    assert.equal(checkLevelOf(answer), 'checked');
  });
});

describe('numbersKept', () => {
  test('passes when every number survives, with decimal commas and points alike', () => {
    assert.equal(numbersKept('3,5 kg und 12 Äpfel', '3.5 kg and 12 apples').passed, true);
  });

  test('fails and names the missing numbers', () => {
    const check = numbersKept('Il a 17 ans et 3 frères', 'He is 71 and has 3 brothers');
    assert.equal(check.passed, false);
    assert.match(check.detail, /17/);
  });
});
