// Files' tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { DOCUMENT_APPROVALS } from "../answers";
import { users } from "#modules/accounts/server/tables";
import { acts } from "#modules/acts/server/tables";

export const images = pgTable(
  "images",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  // An uploaded file belongs to one image.
  (t) => [index("images_act_idx").on(t.actId), uniqueIndex("images_path_unique").on(t.path)],
);

export const videos = pgTable(
  "videos",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    link: text("link"),
    filePath: text("file_path"),
    createdAt: createdAt(),
  },
  (t) => [
    index("videos_act_idx").on(t.actId),
    check("videos_source_check", sql`(${t.link} is null) <> (${t.filePath} is null)`),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    filePath: text("file_path").notNull(),
    filePathRaw: text("file_path_raw").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    approval: text("approval", { enum: DOCUMENT_APPROVALS }).notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_act_idx").on(t.actId),
    // Every admin page's header counts the documents waiting for a decision.
    index("documents_pending_idx").on(t.createdAt).where(sql`${t.approval} = 'pending'`),
    check("documents_approval_check", sql`${t.approval} in ('pending', 'approved', 'declined')`),
  ],
);

// ---- uploaded files, before something uses them ----

/** Every stored upload: who sent it, what it is by its bytes, and what it is for. */
export const uploads = pgTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    originalName: text("original_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("uploads_purpose_check", sql`${t.purpose} in ('image', 'document', 'avatar', 'video')`)],
);

/** A resumable video upload in progress: which act it is for and the Uppy file id it answers to. */
export const videoUploads = pgTable(
  "video_uploads",
  {
    tusId: text("tus_id").primaryKey(),
    uppyId: text("uppy_id").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    completed: boolean("completed").notNull().default(false),
    createdAt: createdAt(),
    /** When its last bytes arrived: an unfinished upload is removed a day after this. */
    lastByteAt: timestamp("last_byte_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("video_uploads_owner_uppy_idx").on(t.ownerId, t.uppyId),
    index("video_uploads_act_open_idx").on(t.actId, t.completed),
  ],
);
