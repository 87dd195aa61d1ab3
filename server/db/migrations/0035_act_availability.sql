CREATE TABLE "act_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "act_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "act_blocks_order" CHECK ("act_blocks"."starts_on" <= "act_blocks"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "act_calendar_feeds" (
	"act_id" integer PRIMARY KEY NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "act_calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "calendar_busy_days" (
	"subscription_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"day" date NOT NULL,
	"summary" text,
	CONSTRAINT "calendar_busy_days_subscription_id_day_pk" PRIMARY KEY("subscription_id","day")
);
--> statement-breakpoint
CREATE TABLE "calendar_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"url" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"error" text,
	"last_tried_at" timestamp with time zone,
	"next_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "act_blocks" ADD CONSTRAINT "act_blocks_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_calendar_feeds" ADD CONSTRAINT "act_calendar_feeds_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_days" ADD CONSTRAINT "calendar_busy_days_subscription_id_calendar_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."calendar_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_days" ADD CONSTRAINT "calendar_busy_days_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "calendar_subscriptions_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_blocks_act_idx" ON "act_blocks" USING btree ("act_id","starts_on");--> statement-breakpoint
CREATE INDEX "act_blocks_day_idx" ON "act_blocks" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "calendar_busy_days_act_idx" ON "calendar_busy_days" USING btree ("act_id","day");--> statement-breakpoint
CREATE INDEX "calendar_busy_days_day_idx" ON "calendar_busy_days" USING btree ("day","act_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_subscriptions_act_url_unique" ON "calendar_subscriptions" USING btree ("act_id","url");--> statement-breakpoint
CREATE INDEX "calendar_subscriptions_due_idx" ON "calendar_subscriptions" USING btree ("next_read_at");