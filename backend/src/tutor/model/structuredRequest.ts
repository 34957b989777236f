/**
 * The model as a reader, not a solver: a question the engines could not read is sent to the model, which answers
 * with a structured request (topic, expression in calculator syntax, variable, bounds, data with units) that this
 * module writes back as a question in the engines' own notation. The engines then solve and check it; the model
 * never supplies a result here.
 */
import { z } from 'zod';
import type { ToolId } from '@studyease/contract';
import type { ChatMessage, JsonSchemaFormat } from './chatCompletions';

/** What each engine can be asked; `none` is the model saying it cannot restate the question. */
const TOPICS = {
  'math-solver': [
    'equation',
    'system',
    'inequality',
    'evaluate',
    'simplify',
    'expand',
    'factor',
    'derivative',
    'integral',
    'limit',
  ],
  'physics-solver': ['physics'],
  'chemistry-solver': ['balance', 'molar-mass', 'stoichiometry'],
} as const;

type EngineTool = keyof typeof TOPICS;

const ALL_TOPICS = [...new Set(Object.values(TOPICS).flat()), 'none'] as const;

/** Calculator syntax only: no text that could smuggle words past the engines' readers at length. */
const PlainMath = z.string().trim().min(1).max(300);

export const StructuredRequestSchema = z.object({
  topic: z.enum(ALL_TOPICS),
  /** Plain calculator syntax; a system's equations separated by `;`; chemistry: the formula or the reaction. */
  expression: z.string().trim().max(300),
  /** The unknown (equation, derivative, integral, limit), or null. */
  variable: z
    .string()
    .regex(/^[A-Za-z]\w{0,9}$/)
    .nullable(),
  /** An integral's limits; a limit's `to` is the value approached. */
  bounds: z.object({ from: z.string().trim().max(40), to: PlainMath.max(40) }).nullable(),
  /** Physics and stoichiometry: each given quantity with its value and unit. */
  data: z
    .array(
      z.object({
        quantity: z.string().trim().min(1).max(60),
        value: z.number(),
        unit: z.string().trim().max(20),
      }),
    )
    .max(12),
  /** Physics: the quantity asked for; stoichiometry: the substance asked for. */
  find: z.string().trim().max(60).nullable(),
  /** Stoichiometry: the unit of the amount asked for (`g`, `mol`), or null. */
  answerUnit: z.string().trim().max(20).nullable(),
});
export type StructuredRequest = z.output<typeof StructuredRequestSchema>;

/** The schema as OpenAI's structured outputs take it (strict: every property required, none extra). */
export const STRUCTURED_REQUEST_FORMAT: JsonSchemaFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'engine_request',
    strict: true,
    schema: z.toJSONSchema(StructuredRequestSchema, { target: 'draft-7' }),
  },
};

/** @returns whether the tool has an engine the model can restate a question for */
export function hasStructuredRequest(tool: ToolId): tool is EngineTool {
  return tool in TOPICS;
}

/** The messages that ask the model to restate a question for the tool's engine. */
export function structuredRequestPrompt(tool: EngineTool, question: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You turn a student question into a request for an exact solver. Do not solve it. Answer with one JSON ' +
        'object that matches the schema. topic: one of ' +
        `${TOPICS[tool].join(', ')}, or none when the question is not one of these or is unclear. expression: the ` +
        'maths in plain calculator syntax (*, /, ^, sqrt(), ln(), log10(), sin(), pi), an equation with =, a ' +
        "system's equations separated by ;, for chemistry the formula or the reaction with ->. variable: the " +
        'unknown or null. bounds: an integral from/to, or for a limit the value approached in to; else null. ' +
        'data: every given quantity (physics, amounts of substances) as {quantity, value, unit} with SI or ' +
        'textbook units. find: the quantity or substance asked for, else null. answerUnit: the unit of the amount ' +
        'asked for in stoichiometry, else null. Use only numbers and words from the question.',
    },
    { role: 'user', content: question },
  ];
}

/**
 * Reads the model's reply: the JSON object (also inside a Markdown code fence), checked against the schema.
 * @returns the request, or null when the reply is not one (a malformed reply is a "could not restate", not an error)
 */
export function parseStructuredRequest(reply: string): StructuredRequest | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = StructuredRequestSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

const UNIT_WORDS: Readonly<Record<string, string>> = { g: 'grams', mol: 'moles', kg: 'kilograms', L: 'litres' };

/** `2 kg` and `9.81 m/s^2`: a value with its unit, as the physics reader takes it. */
const amount = (item: StructuredRequest['data'][number]): string => `${String(item.value)} ${item.unit}`.trim();

/**
 * Writes a structured request as a question in the engine's own notation ("solve 2t+3=7 for t", "integrate x^2 dx
 * from 0 to 1", "mass = 2 kg, volume = 0.003 m^3. Find the density.").
 * @returns the question, or null when the request is `none`, belongs to another tool, or lacks what its topic needs
 */
export function engineQuestionOf(tool: EngineTool, request: StructuredRequest): string | null {
  const topics: readonly string[] = TOPICS[tool];
  if (!topics.includes(request.topic)) return null;
  const expression = request.expression;
  const variable = request.variable;
  switch (request.topic) {
    case 'equation':
      if (!expression.includes('=')) return null;
      return variable ? `solve ${expression} for ${variable}` : expression;
    case 'system':
      return expression.includes('=')
        ? expression
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean)
            .join(', ')
        : null;
    case 'inequality':
    case 'evaluate':
      return expression || null;
    case 'simplify':
    case 'expand':
    case 'factor':
      return expression ? `${request.topic} ${expression}` : null;
    case 'derivative':
      if (!expression) return null;
      return variable ? `derivative of ${expression} with respect to ${variable}` : `derivative of ${expression}`;
    case 'integral': {
      if (!expression) return null;
      const integral = `integrate ${expression} d${variable ?? 'x'}`;
      return request.bounds ? `${integral} from ${request.bounds.from} to ${request.bounds.to}` : integral;
    }
    case 'limit':
      return expression && request.bounds ? `limit ${expression} as ${variable ?? 'x'}->${request.bounds.to}` : null;
    case 'physics':
      if (request.data.length === 0 || !request.find) return null;
      return `${request.data.map((item) => `${item.quantity} = ${amount(item)}`).join(', ')}. Find the ${request.find}.`;
    case 'balance':
      return expression.includes('->') ? `balance ${expression}` : null;
    case 'molar-mass':
      return expression ? `molar mass of ${expression}` : null;
    case 'stoichiometry': {
      const [given] = request.data;
      if (!given || !request.find || !expression.includes('->')) return null;
      const unit = request.answerUnit ? (UNIT_WORDS[request.answerUnit] ?? request.answerUnit) : 'grams';
      return `How many ${unit} of ${request.find} form from ${amount(given)} of ${given.quantity}? ${expression}`;
    }
    case 'none':
      return null;
  }
}
