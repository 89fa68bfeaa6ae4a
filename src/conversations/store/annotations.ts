/** SQL of what people attach to a conversation: quality reviews and files. */
import type { Handle } from '../../db/index.ts';

export interface QualityView {
  id: number;
  conversation_id: number;
  user_id: number | null;
  rating: number | null;
  note: string | null;
  created_at: string;
}

export interface ConversationFileView {
  id: number;
  conversation_id: number;
  message_id: number | null;
  file_id: number;
  url: string;
  name: string | null;
  type: string | null;
  size: number | null;
  created_at: string;
}

type Row = Record<string, unknown>;

const qualityView = (row: Row): QualityView => {
  const extra = (row.extra_data ?? {}) as Row;
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    rating: typeof extra.rating === 'number' ? extra.rating : null,
    note: typeof extra.note === 'string' ? extra.note : null,
    created_at: (row.created_at as Date).toISOString(),
  };
};

const fileView = (row: Row): ConversationFileView => ({
  id: Number(row.id),
  conversation_id: Number(row.conversation_id),
  message_id: row.message_id === null ? null : Number(row.message_id),
  file_id: Number(row.file_id),
  url: String(row.url),
  name: (row.name as string | null) ?? null,
  type: (row.type as string | null) ?? null,
  size: row.size === null ? null : Number(row.size),
  created_at: (row.created_at as Date).toISOString(),
});

export async function insertQuality(
  db: Handle,
  row: { conversationId: number; userId: number | null; rating: number | null; note: string | null },
): Promise<QualityView> {
  const extra: Row = {};
  if (row.rating !== null) extra.rating = row.rating;
  if (row.note !== null) extra.note = row.note;
  const [saved] = await db('conversation_quality')
    .insert({ conversation_id: row.conversationId, user_id: row.userId, extra_data: extra })
    .returning('*');
  return qualityView(saved as Row);
}

/** The conversation's quality reviews, oldest first. */
export async function qualityOfConversation(db: Handle, conversationId: number): Promise<QualityView[]> {
  const rows = await db('conversation_quality').where({ conversation_id: conversationId }).orderBy('id');
  return rows.map(qualityView);
}

/** Whether the message belongs to the conversation. */
export async function messageInConversation(
  db: Handle,
  { conversationId, messageId }: { conversationId: number; messageId: number },
): Promise<boolean> {
  return (
    (await db('conversation_messages').where({ id: messageId, conversation_id: conversationId }).first('id')) !==
    undefined
  );
}

/** The file and its link to the conversation (and message), in the caller's transaction. */
export async function insertConversationFile(
  db: Handle,
  row: {
    brandId: number;
    conversationId: number;
    messageId: number | null;
    url: string;
    name: string | null;
    type: string | null;
    size: number | null;
  },
): Promise<ConversationFileView> {
  const [file] = await db('files')
    .insert({ brand_id: row.brandId, url: row.url, name: row.name, type: row.type, size: row.size })
    .returning<{ id: string }[]>('id');
  const [link] = await db('conversation_files')
    .insert({ conversation_id: row.conversationId, message_id: row.messageId, file_id: file!.id })
    .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
  return fileView({
    ...row,
    ...link,
    file_id: file!.id,
    conversation_id: row.conversationId,
    message_id: row.messageId,
  });
}

/** The conversation's files, oldest first. */
export async function filesOfConversation(db: Handle, conversationId: number): Promise<ConversationFileView[]> {
  const rows = await db('conversation_files as cf')
    .join('files as f', 'f.id', 'cf.file_id')
    .where('cf.conversation_id', conversationId)
    .orderBy('cf.id')
    .select(
      'cf.id',
      'cf.conversation_id',
      'cf.message_id',
      'cf.file_id',
      'f.url',
      'f.name',
      'f.type',
      'f.size',
      'cf.created_at',
    );
  return rows.map(fileView);
}
