import type { TagType } from "#domain/tags";

/** The tag list of the demo data: real names planners search by. */
export const DEMO_TAGS: Record<TagType, string[]> = {
  Genre: [
    "Blues",
    "Classical",
    "Country",
    "EDM",
    "Funk",
    "Hip Hop",
    "Jazz",
    "Latin",
    "Motown",
    "Pop",
    "R&B",
    "Rock",
    "Soul",
    "Swing",
    "Top 40",
  ],
  "Song Type": ["Background Music", "Ceremony Music", "Cover Songs", "Dance Music", "Original Music"],
  "Band Setup": ["Solo", "Duo", "Trio", "4-6 Piece Band", "7+ Piece Band", "DJ"],
  "Event Type": ["College Event", "Corporate Event", "Festival", "Private Party", "Virtual Event", "Wedding"],
  "Variety Type": ["Aerialist", "Caricature Artist", "Comedian", "Fire Performer", "Magician"],
  "Speaker Type": ["Emcee", "Keynote Speaker", "Motivational Speaker", "Panel Moderator", "Workshop Facilitator"],
};
