import type { TOOL_IDS } from '../../tutor/contract';

export const CONVERSATION = 'api::conversation.conversation';
export const MESSAGE = 'api::message.message';

/** The fields of a conversation the chat reads (its view's). */
export const CONVERSATION_FIELDS = ['id', 'documentId', 'toolSlug', 'title', 'createdAt', 'updatedAt'];

export interface ConversationRow {
  id: number;
  documentId: string;
  toolSlug: (typeof TOOL_IDS)[number];
  title: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageRow {
  id: number;
  documentId: string;
  role: 'user' | 'assistant';
  text: string | null;
  answer: unknown;
  status: 'complete' | 'partial' | 'error';
  /** A user message's send options (the tool's, e.g. a translator's languages), for a retry; else null. */
  options?: unknown;
  createdAt: string;
  updatedAt: string;
}

/** A conversation as the API answers it. */
export const conversationView = (row: ConversationRow) => ({
  id: row.id,
  documentId: row.documentId,
  tool: row.toolSlug,
  title: row.title,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A message as the API answers it. */
export const messageView = (row: MessageRow) => ({
  id: row.id,
  documentId: row.documentId,
  role: row.role,
  text: row.text ?? '',
  answer: row.answer ?? null,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A title from the first question: its first line, shortened. */
export const titleFrom = (text: string): string => {
  const line = (text.split('\n')[0] ?? text).trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};
