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

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
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

/**
 * Streams the answer's text as it arrives.
 * @throws {ModelError} on timeout, an error status, a network failure, or a stream that ends before `[DONE]`
 */
export async function* streamChat(
  settings: ModelSettings,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${trimTrailing(settings.baseUrl, /\//)}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, messages, stream: true, temperature: 0.2 }),
      signal: combined,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ModelError('timeout', `The AI model did not answer within ${settings.timeoutMs / 1000} s`);
    throw new ModelError(
      'network',
      `The AI model could not be reached (${error instanceof Error ? error.message : 'network error'})`,
    );
  }
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
