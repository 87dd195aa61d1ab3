ALTER TABLE "offers" DROP CONSTRAINT "offers_status_check";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'accepted', 'withdrawn', 'declined', 'expired'));--> statement-breakpoint
-- Offers whose last day ended before the job that stores it existed: expired now, where their event happens.
UPDATE "offers" o SET "status" = 'expired'
  FROM "invites" i
  JOIN "events" e ON e."id" = i."event_id"
  LEFT JOIN "places" p ON p."id" = e."place_id"
 WHERE o."invite_id" = i."id" AND o."status" = 'pending' AND o."expires_on" IS NOT NULL
   AND now() >= ((o."expires_on" + 1)::timestamp AT TIME ZONE coalesce(p."time_zone", 'UTC'));
