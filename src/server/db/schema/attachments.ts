import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTE_ATTACHABLE_TYPES, PHOTO_ATTACHABLE_TYPES } from '../../../shared/constants';
import { PHOTO_TAGS } from '../../../shared/evidence';
import { id, createdAt, updatedAt, trigramIndex, oneOf } from './columns';
import { visitTasks } from './visits';
import { optionalWorkspaceId, users } from './workspaces';

// Photos and notes: attachable to most records; a NULL attachable id is a standalone one.

export const photos = pgTable(
  'photos',
  {
    id: id(),
    /** The business the photo belongs to; null for a personal one (standalone, on a profile). */
    workspaceId: optionalWorkspaceId(),
    attachableType: text('attachable_type', { enum: PHOTO_ATTACHABLE_TYPES }).notNull(),
    attachableId: uuid('attachable_id'),
    storagePath: text('storage_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    caption: text('caption'),
    /** The visit task it is evidence for (a photo of a visit), tagged before, after or other. */
    visitTaskId: uuid('visit_task_id').references(() => visitTasks.id, { onDelete: 'set null' }),
    tag: text('tag', { enum: PHOTO_TAGS }),
    /** When the phone took it (queued offline, the phone's clock when plausible). */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('photos_attachable_idx').on(table.attachableType, table.attachableId, table.createdAt),
    index('photos_uploaded_by_idx').on(table.uploadedBy),
    index('photos_visit_task_idx').on(table.visitTaskId),
    check('photos_tag_check', oneOf('tag', PHOTO_TAGS)),
    // The list's two branches, the workspace's photos and one's personal ones, newest first.
    index('photos_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('photos_personal_idx')
      .on(table.uploadedBy, table.createdAt, table.id)
      .where(sql`workspace_id is null`),
    trigramIndex('photos_caption_trgm_idx', table.caption),
    check('photos_attachable_type_check', oneOf('attachable_type', PHOTO_ATTACHABLE_TYPES)),
    // A photo of a business record is the business's; one of a person (standalone, profiles) is theirs.
    check(
      'photos_workspace_check',
      sql`((attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null))`,
    ),
    check('photos_file_size_check', sql`file_size >= 0`),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: id(),
    /** The business the note belongs to; null for a personal one (standalone, on a profile). */
    workspaceId: optionalWorkspaceId(),
    content: text('content').notNull(),
    /** Shown on the visit report sent to the client. */
    shareWithClient: boolean('share_with_client').notNull().default(false),
    attachableType: text('attachable_type', { enum: NOTE_ATTACHABLE_TYPES }).notNull(),
    attachableId: uuid('attachable_id'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notes_attachable_idx').on(table.attachableType, table.attachableId, table.createdAt),
    index('notes_created_by_idx').on(table.createdBy),
    index('notes_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('notes_personal_idx')
      .on(table.createdBy, table.createdAt, table.id)
      .where(sql`workspace_id is null`),
    trigramIndex('notes_content_trgm_idx', table.content),
    check('notes_attachable_type_check', oneOf('attachable_type', NOTE_ATTACHABLE_TYPES)),
    // As photos; a note on a photo is the photo's (the business's or a person's).
    check(
      'notes_workspace_check',
      sql`(attachable_type = 'photo' or (attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null))`,
    ),
    check('notes_content_check', sql`btrim(content) <> ''`),
    check('notes_content_length_check', sql`char_length(content) <= 10000`),
  ],
);
