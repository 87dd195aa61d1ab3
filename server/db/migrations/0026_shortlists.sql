CREATE TABLE "shortlists" (
	"planner_id" text NOT NULL,
	"act_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlists_planner_id_act_id_pk" PRIMARY KEY("planner_id","act_id")
);
--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlists_planner_idx" ON "shortlists" USING btree ("planner_id","created_at");