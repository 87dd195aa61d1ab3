CREATE TABLE "quote_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"cancellation_policy" text NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_templates_deposit_check" CHECK ("quote_templates"."deposit_cents" between 0 and "quote_templates"."price_cents")
);
--> statement-breakpoint
CREATE TABLE "act_appearances" (
	"act_id" integer NOT NULL,
	"day" date NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "act_appearances_act_id_day_pk" PRIMARY KEY("act_id","day")
);
--> statement-breakpoint
CREATE TABLE "act_views" (
	"act_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "act_views_act_id_day_visitor_pk" PRIMARY KEY("act_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "acts" ADD COLUMN "takes" jsonb;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "misfits" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_templates" ADD CONSTRAINT "quote_templates_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_appearances" ADD CONSTRAINT "act_appearances_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_views" ADD CONSTRAINT "act_views_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_templates_act_name_unique" ON "quote_templates" USING btree ("act_id",lower("name"));