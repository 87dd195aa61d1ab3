CREATE TABLE "account_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_uploads" ADD COLUMN "last_byte_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "account_actions_subject_idx" ON "account_actions" USING btree ("action","subject","at");--> statement-breakpoint
CREATE INDEX "video_uploads_act_open_idx" ON "video_uploads" USING btree ("act_id","completed");