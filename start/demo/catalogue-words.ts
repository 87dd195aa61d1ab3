/** The trade's words for the demo catalogue (start/demo/catalogue.ts): our own lists, combined deterministically. */

/** Real US cities, each a label of the gazetteer; the catalogue spreads its acts over them. */
/**
 * How far a city's prices sit from a mid-priced one's: entertainers charge more where living
 * costs more. Cities not named here are 1.
 */
export const CITY_PRICE_FACTORS: Record<string, number> = {
  "New York, NY": 1.45,
  "San Francisco, CA": 1.4,
  "San Jose, CA": 1.3,
  "Los Angeles, CA": 1.3,
  "Boston, MA": 1.3,
  "Seattle, WA": 1.2,
  "San Diego, CA": 1.15,
  "Chicago, IL": 1.15,
  "Miami, FL": 1.15,
  "Denver, CO": 1.1,
  "Philadelphia, PA": 1.1,
  "Baltimore, MD": 1.05,
  "Portland, OR": 1.05,
  "Austin, TX": 1.05,
  "Nashville, TN": 1.05,
  "Oklahoma City, OK": 0.85,
  "Tucson, AZ": 0.85,
  "Albuquerque, NM": 0.85,
  "Memphis, TN": 0.85,
  "Louisville, KY": 0.9,
  "Omaha, NE": 0.9,
  "Cleveland, OH": 0.9,
  "Detroit, MI": 0.9,
  "Milwaukee, WI": 0.9,
  "Jacksonville, FL": 0.9,
};

export const CATALOGUE_CITIES = [
  "New York, NY",
  "Los Angeles, CA",
  "Chicago, IL",
  "Houston, TX",
  "Phoenix, AZ",
  "Philadelphia, PA",
  "San Antonio, TX",
  "San Diego, CA",
  "Dallas, TX",
  "Austin, TX",
  "Jacksonville, FL",
  "San Jose, CA",
  "Fort Worth, TX",
  "Columbus, OH",
  "Charlotte, NC",
  "Indianapolis, IN",
  "San Francisco, CA",
  "Seattle, WA",
  "Denver, CO",
  "Nashville, TN",
  "Oklahoma City, OK",
  "Boston, MA",
  "Portland, OR",
  "Las Vegas, NV",
  "Detroit, MI",
  "Memphis, TN",
  "Louisville, KY",
  "Baltimore, MD",
  "Milwaukee, WI",
  "Albuquerque, NM",
  "Tucson, AZ",
  "Sacramento, CA",
  "Kansas City, MO",
  "Atlanta, GA",
  "Miami, FL",
  "Raleigh, NC",
  "Omaha, NE",
  "Minneapolis, MN",
  "New Orleans, LA",
  "Tampa, FL",
  "Pittsburgh, PA",
  "Cincinnati, OH",
  "St. Louis, MO",
  "Orlando, FL",
  "Salt Lake City, UT",
  "Cleveland, OH",
  "Richmond, VA",
  "Savannah, GA",
  "Evanston, IL",
] as const;

export const FIRST_NAMES = [
  "Ava",
  "Marcus",
  "Elena",
  "Jamal",
  "Sofia",
  "Theo",
  "Priya",
  "Diego",
  "Hannah",
  "Malik",
  "Grace",
  "Andre",
  "Nina",
  "Caleb",
  "Lucia",
  "Owen",
  "Maya",
  "Xavier",
  "Chloe",
  "Rafael",
  "Imani",
  "Julian",
  "Zoe",
  "Mateo",
  "Leah",
  "Isaac",
  "Aaliyah",
  "Felix",
  "Naomi",
  "Gabriel",
  "Ruby",
  "Elijah",
  "Carmen",
  "Miles",
  "Tessa",
  "Omar",
  "Vivian",
  "Dante",
  "Iris",
  "Kofi",
];

export const LAST_NAMES = [
  "Rivera",
  "Brooks",
  "Nakamura",
  "Okafor",
  "Delgado",
  "Hart",
  "Sullivan",
  "Castillo",
  "Bennett",
  "Kim",
  "Moreau",
  "Washington",
  "Patel",
  "Lindqvist",
  "Reyes",
  "Fitzgerald",
  "Adeyemi",
  "Romano",
  "Chen",
  "Holloway",
  "Vasquez",
  "Marsh",
  "Abernathy",
  "Quinn",
  "Santos",
  "Whitaker",
  "Ibarra",
  "Larsen",
  "Coleman",
  "Duarte",
];

export const BAND_ADJECTIVES = [
  "Golden",
  "Electric",
  "Midnight",
  "Silver",
  "Blue",
  "Crimson",
  "Sunset",
  "Royal",
  "Lucky",
  "Smooth",
  "Neon",
  "Harbor",
  "Starlight",
  "Copper",
  "Vintage",
  "Brass",
  "Satin",
  "Magnolia",
  "Highline",
  "Southern",
  "Moonlit",
  "Emerald",
  "Uptown",
  "Rosewood",
  "Hometown",
  "Jukebox",
  "Saturday",
  "Boulevard",
  "Avenue",
];

export const BAND_NOUNS = [
  "Tones",
  "Groove",
  "Collective",
  "Express",
  "Orchestra",
  "Revue",
  "Band",
  "Ensemble",
  "Experience",
  "Players",
  "Kings",
  "Notes",
  "Society",
  "Allstars",
  "Social Club",
  "Horns",
  "Soul Revue",
  "Heat",
  "Syndicate",
  "Parade",
];

export const DJ_NAMES = [
  "Pulse",
  "Solstice",
  "Vinyl Vic",
  "Luna",
  "Mixmaster Mo",
  "Echo",
  "Skyline",
  "Blaze",
  "Spin Doctor",
  "Jade",
  "Rhythm",
  "Groovewright",
  "Nightshift",
  "Sol",
  "Bassline Bea",
  "Cadence",
  "Fader",
  "Halo",
  "Kinetic",
  "Marquee",
];

export const ENSEMBLE_WORDS = [
  "String Quartet",
  "Jazz Trio",
  "Acoustic Duo",
  "Piano Bar",
  "Strings",
  "Chamber Players",
  "Jazz Quartet",
  "Guitar Duo",
];

/**
 * Words of an act's name that promise a sound or a size: the act's tags keep the promise (a
 * "Soul Revue" plays soul, not country; a "Jazz Trio" is a trio). Checked in order; the first
 * promise of each sort counts.
 */
export const NAME_PROMISES: { word: RegExp; genres?: string[]; setup?: string }[] = [
  { word: /Soul Revue|Revue/, genres: ["Soul", "Motown", "R&B", "Funk"] },
  { word: /Horns|Brass/, genres: ["Funk", "Soul", "Swing", "Jazz", "Motown"] },
  { word: /Orchestra/, genres: ["Swing", "Jazz", "Motown", "Soul"] },
  { word: /Groove/, genres: ["Funk", "Soul", "R&B", "Motown"] },
  { word: /Southern/, genres: ["Country", "Blues", "Rock", "Soul"] },
  { word: /Jazz (Trio|Quartet)/, genres: ["Jazz", "Swing"] },
  { word: /String Quartet|Strings|Chamber Players/, genres: ["Classical", "Pop"] },
  { word: /Piano Bar/, genres: ["Jazz", "Pop", "Soul"] },
  { word: /Trio$/, setup: "Trio" },
  { word: /Duo$/, setup: "Duo" },
  { word: /Quartet$/, setup: "4-6 Piece Band" },
];

/** A kind of act: what it is called, which tags it carries, and how it describes itself. */
export interface ActKind {
  key: "band" | "dj" | "ensemble" | "soloist" | "speaker" | "variety";
  musical: boolean;
  weight: number;
  genres: string[];
  songTypes: string[];
  bandSetups: string[];
  varietyTypes: string[];
  speakerTypes: string[];
  eventTypes: string[];
  headlines: string[];
  descriptions: string[];
  /** Each with its usual price range in a mid-priced city, in whole dollars. */
  offerings: [title: string, description: string, fromDollars: number, toDollars: number][];
}

export const ACT_KINDS: ActKind[] = [
  {
    key: "band",
    musical: true,
    weight: 32,
    genres: ["Motown", "Soul", "Funk", "Rock", "Pop", "Top 40", "R&B", "Country", "Swing", "Latin", "Blues", "Jazz"],
    songTypes: ["Cover Songs", "Dance Music", "Original Music"],
    bandSetups: ["4-6 Piece Band", "7+ Piece Band"],
    varietyTypes: [],
    speakerTypes: [],
    eventTypes: ["Wedding", "Corporate Event", "Private Party", "Festival", "College Event"],
    headlines: [
      "{genre} party band that keeps the dance floor full",
      "{city}'s go-to {genre} band for weddings and galas",
      "High-energy {genre} and {genre2} with a live horn section",
      "A {setup} playing {genre} hits from every decade",
    ],
    descriptions: [
      "{name} is a {setup} from {city} playing {genre} and {genre2} for weddings, galas and corporate nights.",
      "Every show is built around the room: dinner sets that let people talk, then {genre} that fills the floor.",
      "The band brings its own sound and light rig and a dedicated engineer, and learns one special request per event at no charge.",
      "Sets run 45 minutes with a playlist between them, so the music never stops.",
      "They have played more than {gigs} events since {year}, from backyard parties to ballrooms of 800.",
    ],
    offerings: [
      [
        "Full Reception",
        "Four 45-minute sets from the full band, with a curated playlist between sets and an emcee for announcements.",
        5500,
        9500,
      ],
      [
        "Cocktail Hour Add-On",
        "A stripped-down trio from the band for your cocktail hour, then the full band after dinner.",
        1500,
        2500,
      ],
      [
        "Corporate Party",
        "Two high-energy sets with walk-on music for your speakers and a sound check before doors.",
        4500,
        8000,
      ],
    ],
  },
  {
    key: "dj",
    musical: true,
    weight: 22,
    genres: ["Top 40", "EDM", "Hip Hop", "Pop", "Latin", "R&B", "Funk"],
    songTypes: ["Dance Music", "Background Music"],
    bandSetups: ["DJ"],
    varietyTypes: [],
    speakerTypes: [],
    eventTypes: ["Wedding", "Private Party", "College Event", "Corporate Event", "Festival"],
    headlines: [
      "Open-format DJ who reads the room",
      "{genre} and {genre2} DJ for weddings and parties in {city}",
      "Wedding DJ and emcee with a clean, modern sound",
      "Club-grade {genre} sets for college and corporate nights",
    ],
    descriptions: [
      "{name} is an open-format DJ based in {city}, mixing {genre}, {genre2} and the classics your guests request.",
      "Each booking starts with a planning call: must-plays, do-not-plays and the moments that matter.",
      "Setup includes professional speakers, wireless microphones for toasts and uplighting in your colours.",
      "Known for smooth transitions and for keeping every generation on the floor.",
      "More than {gigs} events played since {year}.",
    ],
    offerings: [
      [
        "Wedding Package",
        "Ceremony sound, cocktail hour playlist and five hours of dancing, with emcee duties throughout.",
        1400,
        2600,
      ],
      ["Party Package", "Four hours of open-format mixing with lights and a wireless microphone.", 800, 1500],
      [
        "Campus Night",
        "A high-energy three-hour set for college events, with a clean-edit playlist on request.",
        700,
        1300,
      ],
    ],
  },
  {
    key: "ensemble",
    musical: true,
    weight: 14,
    genres: ["Jazz", "Classical", "Swing", "Pop", "Soul"],
    songTypes: ["Ceremony Music", "Background Music", "Cover Songs"],
    bandSetups: ["Duo", "Trio", "4-6 Piece Band"],
    varietyTypes: [],
    speakerTypes: [],
    eventTypes: ["Wedding", "Corporate Event", "Private Party", "Virtual Event"],
    headlines: [
      "Elegant {genre} for ceremonies and cocktail hours",
      "{genre} {ensemble} for dinners, receptions and galas",
      "Refined live music for {city}'s finest venues",
      "Pop songs arranged for {ensemble}",
    ],
    descriptions: [
      "{name} plays {genre} and {genre2} for ceremonies, cocktail hours and dinners across {city} and beyond.",
      "The repertoire runs from standards to pop songs arranged for the ensemble, and you choose your processional.",
      "Quiet enough for conversation, polished enough for a first dance.",
      "Players have performed with regional orchestras and jazz festivals, and {gigs} private events since {year}.",
    ],
    offerings: [
      [
        "Ceremony",
        "Prelude, processional, recessional and postlude, with a custom arrangement of one song.",
        600,
        1100,
      ],
      ["Cocktail Hour", "Ninety minutes of background music, acoustic, with no amplification needed.", 500, 900],
      ["Dinner Music", "Two 45-minute sets of standards at a level made for conversation.", 900, 1600],
    ],
  },
  {
    key: "soloist",
    musical: true,
    weight: 10,
    genres: ["Pop", "Country", "Jazz", "Soul", "Blues", "R&B", "Classical"],
    songTypes: ["Cover Songs", "Original Music", "Background Music", "Ceremony Music"],
    bandSetups: ["Solo"],
    varietyTypes: [],
    speakerTypes: [],
    eventTypes: ["Wedding", "Private Party", "Corporate Event", "Virtual Event"],
    headlines: [
      "Singer-songwriter for intimate events",
      "{genre} vocalist with a warm, soulful voice",
      "Solo guitar and vocals from {city}",
      "Piano and vocals for receptions and lounges",
    ],
    descriptions: [
      "{name} is a {genre} performer from {city} with a voice critics call warm and unhurried.",
      "Sets mix well-loved covers with a few originals, and requests are welcome.",
      "Brings a compact sound system suited to rooms of up to 200 guests.",
      "Has performed at {gigs} events since {year}, including private parties and hotel lounges.",
    ],
    offerings: [
      ["Ceremony Song", "One live song for your walk down the aisle, rehearsed with your coordinator.", 250, 450],
      ["Two-Hour Set", "Two hours of acoustic covers and originals with a short break.", 600, 1100],
    ],
  },
  {
    key: "speaker",
    musical: false,
    weight: 12,
    genres: [],
    songTypes: [],
    bandSetups: [],
    varietyTypes: [],
    speakerTypes: ["Keynote Speaker", "Motivational Speaker", "Emcee", "Panel Moderator", "Workshop Facilitator"],
    eventTypes: ["Corporate Event", "College Event", "Virtual Event", "Festival"],
    headlines: [
      "Keynotes on leadership, resilience and change",
      "Emcee who keeps your program on time and your audience engaged",
      "Workshops that turn teams into teammates",
      "Talks on innovation for conferences and campuses",
    ],
    descriptions: [
      "{name} speaks to corporate and college audiences about leading through uncertainty, built on two decades in the field.",
      "Every talk is tailored after a call with your organisers, with stories and takeaways that fit your theme.",
      "Available in person from {city} or as a polished virtual keynote with a live Q&A.",
      "Has addressed more than {gigs} audiences since {year}.",
    ],
    offerings: [
      ["Keynote", "A 45-minute keynote tailored to your event, with 15 minutes of audience questions.", 7500, 20000],
      [
        "Half-Day Workshop",
        "An interactive three-hour workshop for up to 60 people, with a workbook for each.",
        6000,
        12000,
      ],
      ["Emcee Services", "Hosting your full program: introductions, transitions and keeping time.", 2500, 5000],
    ],
  },
  {
    key: "variety",
    musical: false,
    weight: 10,
    genres: [],
    songTypes: [],
    bandSetups: [],
    varietyTypes: ["Magician", "Comedian", "Caricature Artist", "Aerialist", "Fire Performer"],
    speakerTypes: [],
    eventTypes: ["Private Party", "Corporate Event", "College Event", "Festival", "Wedding"],
    // Chosen by the act's variety type (VARIETY_HEADLINES).
    headlines: [],
    descriptions: [
      "{name} brings a {variety} act to parties, galas and festivals from {city}.",
      "Strolling sets work the room during cocktails; a stage show can follow dinner.",
      "Every performance is family-friendly unless you ask otherwise, and fully insured.",
      "Has delighted audiences at {gigs} events since {year}.",
    ],
    offerings: [
      ["Strolling Set", "Two hours of roaming performance among your guests during cocktails.", 800, 1500],
      ["Stage Show", "A 30-minute show for audiences of up to 400, with volunteers from the crowd.", 1200, 2500],
    ],
  },
];

/**
 * Review words by rating. An act has at most nine reviews and never shows one twice, so each
 * rating a catalogue act can get (2 to 5) has at least nine.
 */
export const REVIEW_TEMPLATES: Record<1 | 2 | 3 | 4 | 5, [title: string, body: string][]> = {
  5: [
    ["Absolutely perfect", "Everything we hoped for. Our guests have not stopped talking about it."],
    ["Worth every penny", "Professional from the first call to the final song. We would book again tomorrow."],
    ["The highlight of our night", "They read the room perfectly and kept everyone engaged."],
    ["Flawless", "On time, well prepared and wonderful to work with."],
    ["Packed dance floor all night", "From the first song to the last, nobody wanted to sit down."],
    ["Made our day easy", "They handled the timeline with our venue so we did not have to think about it."],
    ["Our guests asked for their card", "Three people asked how to book them before the night was over."],
    ["Better than we imagined", "We had high hopes and they still surprised us."],
    ["Calm, kind and brilliant", "Answered every question quickly and made the whole evening feel effortless."],
    ["Booked them again already", "We liked them so much that we hired them for our company party too."],
  ],
  4: [
    ["Great experience", "Very good performance and easy to plan with. One small timing hiccup, nothing serious."],
    ["Would recommend", "Our audience loved it. Setup took a little longer than planned."],
    ["Very good", "Fun, professional and flexible with our schedule."],
    ["Lovely evening", "Great music and friendly people; the sound was a little loud at first."],
    ["Solid choice", "They did exactly what we asked and kept to the schedule."],
    ["Guests had a great time", "A strong show. We would have liked one more slow song."],
    ["Easy to work with", "Clear about what was included and happy to adjust the set list."],
    ["Good value", "A fair price for a polished performance."],
    ["Happy we booked", "They arrived early, set up quietly and played well all night."],
  ],
  3: [
    ["Good, not great", "Solid performance, but the energy dipped in the middle of the evening."],
    ["Fine for the price", "They did what was promised, without much extra."],
    ["Mixed feelings", "Good music, but replies to our messages were slow before the event."],
    ["Okay overall", "The first set was great; the second felt rushed."],
    ["Average night", "Nothing went wrong, nothing stood out either."],
    ["Decent but forgettable", "A competent show that our guests did not talk about afterwards."],
    ["Fine, with some gaps", "Long pauses between songs slowed the evening down."],
    ["Met the basics", "On time and polite, though the sound could have been better balanced."],
    ["Good start, slow finish", "The crowd loved the opening; the last hour dragged."],
  ],
  2: [
    ["Not the right fit", "Talented, but not what we had agreed on for the first hour."],
    ["Below expectations", "The set list did not match what we asked for."],
    ["Hard to reach", "Hard to reach in the weeks before, and the setup ran late."],
    ["Not for a wedding", "Better suited to a bar than to our reception."],
    ["Too quiet", "We had to ask twice for the volume to come up."],
    ["Overpriced", "The price did not match what we got on the night."],
    ["Disorganized", "Our requests were forgotten and the timeline slipped."],
    ["Rough evening", "Equipment trouble cost us most of the first set."],
    ["Would look elsewhere", "Friendly people, but the performance was not there."],
  ],
  1: [
    ["Disappointing", "Arrived late and cut the last set short."],
    ["Would not book again", "Left early without telling us."],
    ["Not as described", "The act we got was not the one in the videos."],
  ],
};

export const VARIETY_HEADLINES: Record<string, string> = {
  Magician: "Close-up magic that keeps guests talking",
  Comedian: "Clean comedy that works for any crowd",
  "Caricature Artist": "Live caricatures your guests take home",
  Aerialist: "Aerial silks and hoop for unforgettable entrances",
  "Fire Performer": "Fire dancing and LED shows after dark",
};

/**
 * What planners first ask an act, and how acts answer: the catalogue's conversations, so that
 * its acts have response facts as real ones would ({event}, {city}, {guests}, {name}).
 */
export const PLANNER_ASKS = [
  "Hi! Are you free for our {event} in {city}? We expect about {guests} guests. What would you need from us?",
  "Hello, we are planning a {event} for around {guests} people in {city}. Could you send a rough quote?",
  "Loved your videos. Do you travel within {city} for a {event}, and what does a three-hour booking cost?",
  "We are comparing a few acts for our {event}. Is the date still open, and do you bring your own sound?",
  "Quick question before we send an event: can you play a 20-minute set during dinner at our {event}?",
];

export const ACT_ANSWERS = [
  "Thanks for reaching out! We are free that weekend. For {guests} guests I would suggest our standard package; send the event through and I will put an offer together.",
  "Hi, and congratulations! Yes, we cover {city} at no extra travel cost. Happy to jump on a call this week to go through the timeline.",
  "Thank you! We bring our own sound and lights, and only need two standard outlets near the stage. I will hold the date for a few days.",
  "Great to hear from you. A dinner set is no problem at all; we usually follow it with two dance sets. Shall I send an offer?",
  "Thanks! {name} would love to be part of it. Could you tell me the venue and the start time so I can check the load-in?",
];

/** The catalogue's planners who have written to acts: names only, accounts that cannot sign in. */
export const CATALOGUE_PLANNERS = [
  "Morgan Ellis",
  "Riley Chen",
  "Jordan Alvarez",
  "Casey Brooks",
  "Taylor Nguyen",
  "Avery Johnson",
  "Quinn Foster",
  "Drew Patel",
];
