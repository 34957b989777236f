import type { Conversation, Message, MessageStatus, ToolId, TutorAnswer } from '@studyease/contract';

export const CONVERSATION = 'api::conversation.conversation';
export const MESSAGE = 'api::message.message';

/** The fields of a conversation the chat reads (its view's). */
export const CONVERSATION_FIELDS = ['id', 'documentId', 'toolSlug', 'title', 'createdAt', 'updatedAt'];

export interface ConversationRow {
  id: number;
  documentId: string;
  toolSlug: ToolId;
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
  status: MessageStatus;
  /** A user message's send options (the tool's, e.g. a translator's languages), for a retry; else null. */
  options?: unknown;
  createdAt: string;
  updatedAt: string;
}

/** A conversation as the API answers it. */
export const conversationView = (row: ConversationRow): Conversation => ({
  id: row.id,
  documentId: row.documentId,
  tool: row.toolSlug,
  title: row.title,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A message as the API answers it. */
export const messageView = (row: MessageRow): Message => ({
  id: row.id,
  documentId: row.documentId,
  role: row.role,
  text: row.text ?? '',
  // Saved by reply.ts from the contract's answer (or null while it is written), so it has the answer's shape.
  answer: (row.answer ?? null) as TutorAnswer | null,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
