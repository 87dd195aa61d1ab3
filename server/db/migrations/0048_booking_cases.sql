CREATE TABLE "cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"reported_by" text,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_cents" integer,
	"note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_kind_check" CHECK ("cases"."kind" in ('no_show', 'late', 'not_as_agreed', 'other')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('open', 'resolved')),
	CONSTRAINT "cases_side_check" CHECK ("cases"."side" in ('planner', 'act'))
);
--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_one_open_per_booking" ON "cases" USING btree ("booking_id") WHERE "cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("status","created_at");