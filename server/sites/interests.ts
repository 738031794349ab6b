/** The interest tags of §3; a site may narrow or extend them with its own `interests` list. */
export const INTERESTS = [
  "adventure", "anal_sex", "animals", "art", "astrology", "barbecue", "beach", "beer", "biking",
  "bondage", "coffee", "cooking", "dancing", "exchanging_pictures", "fashion", "foodie", "gardening",
  "gym", "hiking", "hugging", "kissing", "lingerie", "massages", "masturbating", "movies", "music",
  "one_night_stand", "oral_sex", "outdoors", "party", "photography", "politics", "public_sex",
  "reading", "relationship", "sadomasochism", "safe_sex", "sex", "sex_toys", "shopping", "sports",
  "sushi", "tattoos", "tea", "theater", "threesome", "travelling", "vegetarian", "video_games", "wine",
] as const;
