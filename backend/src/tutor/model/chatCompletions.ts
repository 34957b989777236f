/**
 * A streaming client for any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp
 * server). Only fetch and Server-Sent Events: no SDK, so every compatible server works the same way.
 */
import { trimTrailing } from '@studyease/tutor';

export interface ModelSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Whole-request limit: connection, first token and the full stream. */
  timeoutMs: number;
}

/** A part of a message with a picture (the photo reader sends the exercise as a data URL). */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | readonly ChatContentPart[];
}

/** Why the model gave no (complete) answer; `kind` lets the caller tell the student what happened. */
export class ModelError extends Error {
  readonly kind: 'timeout' | 'http' | 'cut' | 'network' | 'invalid';
  readonly status: number | undefined;

  constructor(kind: ModelError['kind'], message: string, status?: number) {
    super(message);
    this.name = 'ModelError';
    this.kind = kind;
    this.status = status;
  }
}

function deltaOf(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new ModelError('invalid', 'The model sent a chunk that is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || !('choices' in parsed) || !Array.isArray(parsed.choices)) {
    return '';
  }
  const choice: unknown = parsed.choices[0];
  if (typeof choice !== 'object' || choice === null || !('delta' in choice)) return '';
  const delta: unknown = choice.delta;
  if (typeof delta !== 'object' || delta === null || !('content' in delta)) return '';
  return typeof delta.content === 'string' ? delta.content : '';
}

/** OpenAI's structured outputs: the reply must be JSON valid against `schema`. */
export interface JsonSchemaFormat {
  type: 'json_schema';
  json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
}

/** The whole-request time limit, combined with the caller's signal. */
function limits(settings: ModelSettings, signal?: AbortSignal): { timeout: AbortSignal; combined: AbortSignal } {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  return { timeout, combined: signal ? AbortSignal.any([signal, timeout]) : timeout };
}

async function post(
  settings: ModelSettings,
  body: Record<string, unknown>,
  accept: string,
  timeout: AbortSignal,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetch(`${trimTrailing(settings.baseUrl, /\//)}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, ...body }),
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ModelError('timeout', `The AI model did not answer within ${settings.timeoutMs / 1000} s`);
    throw new ModelError(
      'network',
      `The AI model could not be reached (${error instanceof Error ? error.message : 'network error'})`,
    );
  }
}

/**
 * Asks for one whole reply, not streamed: the structured request (a JSON object), which is only used once complete.
 * @returns the reply's text
 * @throws {ModelError} on timeout, an error status, a network failure, or a body that is not a chat completion
 */
export async function completeChat(
  settings: ModelSettings,
  messages: readonly ChatMessage[],
  responseFormat: JsonSchemaFormat,
  signal?: AbortSignal,
): Promise<string> {
  const { timeout, combined } = limits(settings, signal);
  const response = await post(
    settings,
    { messages, stream: false, temperature: 0, response_format: responseFormat },
    'application/json',
    timeout,
    combined,
  );
  if (!response.ok) {
    throw new ModelError('http', `The AI model answered with status ${response.status}`, response.status);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    if (timeout.aborted)
      throw new ModelError('timeout', `The AI model did not finish within ${settings.timeoutMs / 1000} s`);
    if (error instanceof SyntaxError) throw new ModelError('invalid', 'The model sent a reply that is not JSON');
    throw new ModelError('cut', 'The connection to the AI model was cut in the middle of the reply');
  }
  const choices: unknown = typeof parsed === 'object' && parsed !== null && 'choices' in parsed ? parsed.choices : null;
  const choice: unknown = Array.isArray(choices) ? choices[0] : null;
  const message: unknown = typeof choice === 'object' && choice !== null && 'message' in choice ? choice.message : null;
  const content: unknown =
    typeof message === 'object' && message !== null && 'content' in message ? message.content : null;
  if (typeof content !== 'string') throw new ModelError('invalid', 'The model sent no message content');
  return content;
}

/**
 * Streams the answer's text as it arrives.
 * @throws {ModelError} on timeout, an error status, a network failure, or a stream that ends before `[DONE]`
 */
export async function* streamChat(
  settings: ModelSettings,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  const { timeout, combined } = limits(settings, signal);
  const response = await post(
    settings,
    { messages, stream: true, temperature: 0.2 },
    'text/event-stream',
    timeout,
    combined,
  );
  if (!response.ok || !response.body) {
    throw new ModelError('http', `The AI model answered with status ${response.status}`, response.status);
  }

  const decoder = new TextDecoder();
  let buffer = '';
  // Node's fetch types the body as a ReadableStream of `any`.
  const body = response.body as ReadableStream<Uint8Array>;
  try {
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const text = deltaOf(data);
        if (text) yield text;
      }
    }
  } catch (error) {
    if (error instanceof ModelError) throw error;
    if (timeout.aborted)
      throw new ModelError('timeout', `The AI model did not finish within ${settings.timeoutMs / 1000} s`);
    throw new ModelError('cut', 'The connection to the AI model was cut in the middle of the answer');
  }
  // Only `[DONE]` ends an answer (it returns above): a stream that just stops was cut.
  throw new ModelError('cut', 'The AI model stopped in the middle of the answer');
}
