//! Every English word list Sluice reads meaning from, in one place. Each list describes English,
//! never a tool, a tool's fields or a benchmark; lists of stems say so, and every list is sorted
//! (checked) so that membership is a binary search.

/// Stems of words that ask for every item or a comparison ("all", "every", "compare", "versus").
pub const EVERY_ITEM: &[&str] = &[
    "across", "all", "both", "compar", "each", "everi", "list", "versus", "vs",
];

/// Whether the stem `term` asks for every item or a comparison.
pub fn asks_for_every_item(term: &str) -> bool {
    EVERY_ITEM.binary_search(&term).is_ok()
}

/// Words that carry no topic: function words, question words and politeness.
pub const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "ain",
    "all",
    "also",
    "am",
    "amid",
    "among",
    "amongst",
    "an",
    "and",
    "any",
    "are",
    "aren",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "concerning",
    "could",
    "couldn",
    "currently",
    "d",
    "despite",
    "did",
    "didn",
    "do",
    "does",
    "doesn",
    "doing",
    "don",
    "during",
    "e",
    "each",
    "eg",
    "etc",
    "few",
    "find",
    "for",
    "from",
    "further",
    "g",
    "get",
    "give",
    "had",
    "hadn",
    "has",
    "hasn",
    "have",
    "haven",
    "having",
    "he",
    "hello",
    "her",
    "here",
    "hers",
    "hey",
    "hi",
    "him",
    "his",
    "how",
    "i",
    "if",
    "in",
    "including",
    "into",
    "is",
    "isn",
    "it",
    "its",
    "itself",
    "just",
    "kindly",
    "know",
    "let",
    "like",
    "ll",
    "locate",
    "look",
    "m",
    "many",
    "me",
    "might",
    "mightn",
    "more",
    "most",
    "much",
    "must",
    "mustn",
    "my",
    "myself",
    "need",
    "needn",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    // "How often" asks how frequently what follows is done, as "how many" asks a count of
    // what follows: the verb is what the question is about.
    "often",
    "on",
    "once",
    "one",
    "only",
    "onto",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "per",
    "please",
    "provide",
    "re",
    "regarding",
    "right",
    "s",
    "same",
    "see",
    "shall",
    "shan",
    "she",
    "should",
    "shouldn",
    "show",
    "so",
    "some",
    "such",
    "t",
    "tell",
    "than",
    "thank",
    "thanks",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "throughout",
    "thru",
    "to",
    "too",
    "toward",
    "towards",
    "under",
    "until",
    "unto",
    "up",
    "upon",
    "us",
    "ve",
    "very",
    "via",
    "want",
    "was",
    "wasn",
    "we",
    "were",
    "weren",
    "what",
    "when",
    "where",
    "whereas",
    "whereby",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "would",
    "wouldn",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
];

/// Words that colour a request without saying what it is about: hedges, feelings, praise,
/// placeholders, stress and the links between sentences ("maybe", "I think", "something nice",
/// "really great", "it is crucial", "meticulously", "however"). Stems. A query's share of
/// these says nothing about whether a tool serves it.
pub const CHATTER: &[&str] = &[
    "actual",
    "amaz",
    "anyth",
    "anyway",
    "appreci",
    "assist",
    "awesom",
    "believ",
    "circumst",
    "crucial",
    "curious",
    "entir",
    "especi",
    "everyth",
    "favorit",
    "favourit",
    "feel",
    "fulli",
    "furthermor",
    "glad",
    "go",
    "gonna",
    "good",
    "gotta",
    "great",
    "guess",
    "help",
    "honest",
    "hope",
    "howev",
    "keen",
    "love",
    "mayb",
    "meticul",
    "mood",
    "moreov",
    "nice",
    "ok",
    "okay",
    "perhap",
    "pretti",
    "probabl",
    "rather",
    "realli",
    "seem",
    "simpli",
    "someon",
    "someth",
    "somewhat",
    "stuf",
    "sure",
    "thing",
    "think",
    "thorough",
    "truli",
    "unforeseen",
    "wanna",
    "wonder",
    "wow",
    "yeah",
    "yes",
];

/// Verbs that change the world: sending, paying, creating, deleting. Stems.
pub const MUTATING: &[&str] = &[
    "ad",
    "approv",
    "archiv",
    "arrang",
    "assign",
    "book",
    "broadcast",
    "burn",
    "buy",
    "cancel",
    "chang",
    "charg",
    "clear",
    "close",
    "commit",
    "compos",
    "copi",
    "creat",
    "delet",
    "deliv",
    "deploy",
    "deposit",
    "destroy",
    "disabl",
    "donat",
    "download",
    "draft",
    "drop",
    "edit",
    "email",
    "enabl",
    "enrol",
    "eras",
    "execut",
    "flush",
    "follow",
    "grant",
    "hire",
    "initi",
    "insert",
    "instal",
    "invit",
    "kill",
    "launch",
    "like",
    "lock",
    "merg",
    "messag",
    "mint",
    "modifi",
    "move",
    "mute",
    "notifi",
    "nuke",
    "open",
    "order",
    "overwrit",
    "pay",
    "place",
    "play",
    "post",
    "publish",
    "purchas",
    "purg",
    "push",
    "put",
    "redeem",
    "refund",
    "regist",
    "reject",
    "remov",
    "renam",
    "renew",
    "repli",
    "reserv",
    "reset",
    "retweet",
    "revert",
    "revok",
    "save",
    "schedul",
    "sell",
    "send",
    "set",
    "share",
    "shred",
    "sign",
    "stake",
    "start",
    "stop",
    "store",
    "submit",
    "subscrib",
    "swap",
    "trade",
    "transfer",
    "truncat",
    "tweet",
    "uninstal",
    "unlock",
    "unsubscrib",
    "updat",
    "upgrad",
    "upload",
    "wipe",
    "withdraw",
    "write",
];

/// Verbs whose effect cannot be taken back. A method named with one of these is never query-safe,
/// whatever its metadata claims. Stems.
pub const DESTRUCTIVE: &[&str] = &[
    "burn", "cancel", "delet", "destroy", "drop", "eras", "flush", "kill", "nuke", "overwrit",
    "pay", "purg", "remov", "reset", "revok", "sell", "send", "shred", "transfer", "truncat",
    "uninstal", "wipe", "withdraw",
];

/// Words that introduce a request without carrying it ("please", "can you", "I'd like to").
pub const LEAD_INS: &[&str] = &[
    "able", "can", "could", "d", "hello", "help", "hey", "hi", "i", "kindly", "like", "me", "need",
    "please", "to", "want", "we", "would", "you",
];

/// The last words of parameter names whose value is a word of language itself (`word`,
/// `term`: what a dictionary defines, a thesaurus finds synonyms for), however common a word.
pub const WORD_VALUE_NAMES: &[&str] = &["term", "word"];

/// Verbs of arithmetic that a method's name may lead with when it works out a value
/// ("add_days" adds days to a date) as often as when it changes something ("add_item").
pub const ARITHMETIC_VERBS: &[&str] = &["add", "divide", "multiply", "subtract", "sum"];

/// Verbs, as written, that put a search to the listener ("Search for ...", "I'm looking for
/// ...", "Can you find ..."): what follows them is what is searched for.
pub const SEARCHING_VERBS: &[&str] = &["find", "look", "looking", "search", "searching"];

/// Words that may come right before such a verb when it puts the request, beside
/// [`LEAD_INS`] ("I'm looking for", "and find"): words.
pub const SEARCH_LEAD_INS: &[&str] = &["am", "and", "are", "i'm"];

/// Prepositions that open a filter on what is searched for ("headphones *under* $100", "cafes
/// *near* the station"), beside [`DETAIL_PREPOSITIONS`]: words.
pub const FILTER_PREPOSITIONS: &[&str] = &["above", "below", "between", "near"];

/// Words by which a parameter's description says to leave a value's sign out ("The username,
/// without the @.", "no leading #", "omit the #"): lower-case prefixes.
pub const SIGN_OMITTING_WORDS: &[&str] = &["exclud", "no ", "omit", "strip", "without"];

/// Words naming the kind of moment a parameter takes (`end_date`, `start_time`), not which one.
pub const MOMENT_WORDS: &[&str] = &["date", "datetime", "day", "time", "timestamp"];

/// Words that introduce what a request is about ("articles *about* solar storms", "news
/// *regarding* the merger"): the phrase after one is a search's text.
pub const TOPIC_LEADS: &[&str] = &["about", "concerning", "regarding"];

/// Parameter names that take the user's words as they are.
pub const FREE_TEXT_NAMES: &[&str] = &[
    "ask",
    "input",
    "keyword",
    "keywords",
    "phrase",
    "prompt",
    "q",
    "query",
    "question",
    "search",
    "search_query",
    "search_term",
    "search_text",
    "searchquery",
    "searchterm",
    "term",
    "terms",
    "text",
    "topic",
];

/// Prepositions that, right after a name's first word, make that word the thing a method finds
/// by a key ("book_by_isbn", "post_of_user"), not an act.
pub const KEY_PREPOSITIONS: &[&str] = &["by", "from", "of", "with"];

/// Prepositions that, inside a method's name, part what it gives from what it works from
/// ("get_calories_in_recipe" gives calories of a recipe; "weather_for_city"). Words.
pub const NAME_PREPOSITIONS: &[&str] = &["by", "for", "from", "in", "of", "on", "per", "with"];

/// Prepositions that open a phrase qualifying what was asked before it ("... and in business
/// class?", "... and without the tip"): such a phrase details a request, it asks nothing. Words.
pub const DETAIL_PREPOSITIONS: &[&str] = &[
    "at", "by", "for", "from", "in", "into", "on", "over", "through", "to", "under", "via", "with",
    "within", "without",
];

/// Words that join what follows to the noun phrase before them ("definitions *of* a word",
/// "words *that* rhyme"): where the thing a description leads with ends.
pub const PHRASE_JOINERS: &[&str] = &[
    "about", "at", "by", "for", "from", "in", "of", "on", "that", "to", "which", "with",
];

/// Verbs a method's description opens with to say what it gives ("Returns the ...", "Provides
/// ..."), beside those that only look ([`GENERIC_VERBS`]). Stems.
pub const GIVING_VERBS: &[&str] = &["give", "provid", "return"];

/// Stems that say a free-text parameter searches or asks (`query`, `keywords`, "search term",
/// `question`, `prompt`): a request for information is itself its value.
pub const SEARCH_NAME_WORDS: &[&str] = &[
    "ask", "keyword", "prompt", "q", "queri", "question", "search", "term", "topic",
];

/// Words (stems) in a parameter's name that say it takes a body of text the user writes: a
/// message, a note, a comment.
pub const BODY_FIELDS: &[&str] = &["bodi", "caption", "comment", "content", "messag", "note"];

/// Words that end a value spoken after its parameter's name.
pub const VALUE_ENDS: &[&str] = &[
    "about", "after", "and", "as", "at", "before", "by", "for", "from", "in", "into", "of", "on",
    "or", "to", "using", "with",
];

/// Words that open a relative clause ("the projects that Adriel works on"): what follows
/// describes the thing just named, it does not name it.
pub const RELATIVIZERS: &[&str] = &["that", "where", "which", "who", "whom", "whose"];

/// Words (and stems) in a parameter's name that say where something starts.
pub const DIRECTION_FROM: &[&str] = &[
    "begin", "depart", "from", "origin", "pickup", "sender", "sourc", "start",
];
/// Words (and stems) in a parameter's name that say where something ends.
pub const DIRECTION_TO: &[&str] = &[
    "arriv", "destin", "dropoff", "end", "recipi", "target", "to",
];
/// Words (and stems) in a parameter's name that say where something is.
pub const DIRECTION_AT: &[&str] = &[
    "address", "area", "citi", "countri", "locat", "near", "region", "town", "venu", "where",
];

/// Stems of words that make a search one over the whole web ("Search the web", "Google
/// search"), which finds a price or any other fact as well as a page.
pub const WEB_SEARCH_WORDS: &[&str] = &["bing", "duckduckgo", "googl", "internet", "onlin", "web"];

/// Stems of the codes and coordinates that give a place ("a US zip or a UK postcode", "latitude
/// and longitude"), beside [`DIRECTION_AT`]'s kinds of place.
pub const PLACE_CODE_WORDS: &[&str] = &["latitud", "longitud", "postcod", "zip", "zipcod"];

/// Verbs that ask for something new to be made ("create an itinerary", "draft a summary"), which
/// a method named for generating it does without changing anything. Stems.
pub const MAKING_VERBS: &[&str] = &["build", "compos", "creat", "draft", "make", "produc"];

/// The stem that names a method for producing data ("travel_itinerary_generator",
/// `generate_chart`): it makes what a making verb asks for.
pub const GENERATING: &str = "generat";

/// Verbs that say how a method reads, not what it is about. Stems.
pub const GENERIC_VERBS: &[&str] = &[
    "calcul", "check", "comput", "fetch", "find", "get", "list", "look", "lookup", "queri", "read",
    "retriev", "search", "show", "view",
];

/// Verbs that do the same to a thing, as stems, one set per act: a request to "remove" an item
/// asks what a method named `delete_item` does, and one to "listen to" a song what `play_song`
/// does. Only acts that change things (or, for hearing and listening, ask for one): the verbs
/// that look ([`GENERIC_VERBS`]) frame a request rather than say what it asks.
pub const SAME_ACTS: &[&[&str]] = &[
    &["ad", "creat", "insert"],
    &["delet", "eras", "remov"],
    &["edit", "modifi", "updat"],
    &["begin", "launch", "start"],
    &["buy", "purchas"],
    &["book", "reserv"],
    &["halt", "stop", "termin"],
    &["hear", "listen", "play"],
];

/// Words with which a method says it tells everything about a thing ("the details of a
/// sculpture", "player profile"). Words.
pub const DETAIL_WORDS: &[&str] = &[
    "attributes",
    "details",
    "info",
    "information",
    "metadata",
    "profile",
    "properties",
    "specifications",
    "specs",
];

/// Of [`GENERIC_VERBS`], the ones that work a result out rather than look it up. Stems.
pub const COMPUTING_VERBS: &[&str] = &["calcul", "comput"];

/// Whether the stem `verb` only looks at things (`get`, `list`, `search`): a method named for one
/// reads.
pub fn looking_verb(verb: &str) -> bool {
    GENERIC_VERBS.contains(&verb) && !COMPUTING_VERBS.contains(&verb)
}

/// Verbs that only put a request to someone ("give me", "tell me", "I want", "I need"): words.
pub const ASKING_VERBS: &[&str] = &[
    "give", "help", "know", "let", "like", "need", "please", "provide", "tell", "want",
];

/// Parameter names that take an account's handle ("@rustlang"). Lowercase.
pub const HANDLE_NAMES: &[&str] = &[
    "handle",
    "screen_name",
    "screenname",
    "user",
    "user_name",
    "username",
];

/// Verbs that, before "me" or "us", put a request for a thing to the listener ("find me a
/// hotel", "get us a table", "show me the menu"), as the asking verbs do. Words.
pub const BRINGING_VERBS: &[&str] = &["book", "bring", "fetch", "find", "get", "order", "show"];

/// Verbs that, followed by "up", fetch a thing to look at ("pull up the profile", "bring up my
/// notes", "dig up the article"): they frame a request as looking does. Words.
pub const FETCHING_WITH_UP: &[&str] = &["bring", "call", "dig", "look", "pull"];

/// Pronouns that point back at what a request already named ("... and make it quick"): a
/// clause with one is about the ask before it, not an ask of its own. Words.
pub const BACK_REFERENCES: &[&str] = &[
    "it", "one", "ones", "that", "them", "these", "they", "this", "those",
];

/// Words that place or date a question right after its subject ("what time is it *in*
/// Paris", "how cold is it *today*"): after an "it" that follows its verb, they show the "it"
/// names nothing. Words.
pub const SITUATING_WORDS: &[&str] = &[
    "at", "from", "in", "now", "on", "right", "to", "today", "tomorrow", "tonight",
];

/// Words that open a statement about the speaker or the situation ("I'm going on a trip", "It
/// will be for one person", "You are an assistant"): such a sentence gives context, unless a
/// wanting verb follows soon ("I would like ..."). Words.
pub const STATEMENT_SUBJECTS: &[&str] = &[
    "he", "her", "here", "his", "i", "im", "it", "its", "my", "our", "she", "that", "their",
    "there", "these", "they", "this", "those", "we", "you", "your",
];

/// Words that open a clause giving a request's reason or purpose ("because ...", "so I can
/// ...", "since we ..."), each with whether a subject must follow it for it to do so ("since
/// July" is a date, "since we" a reason). "so that" and "in order to" open one too. Words.
pub const REASON_MARKERS: &[(&str, bool)] = &[("because", false), ("since", true), ("so", true)];

/// Pronouns that can be the subject of a clause. Words.
pub const SUBJECT_PRONOUNS: &[&str] = &["he", "i", "it", "she", "they", "we", "you"];

/// Pronouns for someone or something other than the speaker and the listener. Words.
pub const THIRD_PERSON_PRONOUNS: &[&str] = &["he", "it", "she", "they"];

/// Pronouns that stand for any or every thing ("nothing is left", "everything works"). Words.
pub const INDEFINITE_PRONOUNS: &[&str] = &["anything", "everything", "nothing", "something"];

/// Words after which a verb in the past ("placed", "created") tells what was done rather than
/// asks for it: a subject ("the order I placed"), an auxiliary ("has been posted", "I've
/// booked"), an adverb of time past ("I just ordered") or a determiner that makes it describe a
/// noun ("the placed order"). Words.
pub const BEFORE_DONE: &[&str] = &[
    "already",
    "been",
    "earlier",
    "had",
    "has",
    "have",
    "he",
    "her",
    "his",
    "i",
    "it",
    "just",
    "my",
    "our",
    "previously",
    "recently",
    "she",
    "that",
    "the",
    "their",
    "they",
    "was",
    "we",
    "were",
    "you",
    "your",
];

/// Nouns that "in", "at" or "near" make an idiom with rather than a place ("in advance", "in
/// stock", "at least", "near future"). Words.
pub const NOT_PLACES: &[&str] = &[
    "addition",
    "advance",
    "brief",
    "case",
    "charge",
    "common",
    "detail",
    "fact",
    "full",
    "future",
    "general",
    "least",
    "line",
    "mind",
    "most",
    "order",
    "particular",
    "person",
    "place",
    "private",
    "progress",
    "public",
    "question",
    "return",
    "short",
    "stock",
    "time",
    "total",
    "touch",
    "turn",
    "use",
];

/// Forms of "to be" (and "to have") that make a clause a statement of fact. Words.
pub const BEING_VERBS: &[&str] = &["are", "has", "have", "is", "was", "were"];

/// Verbs that carry another ("should be private", "will be visible"): with [`BEING_VERBS`], what
/// opens the predicate of a flag's "whether" clause. Words.
pub const MODALS: &[&str] = &["can", "could", "must", "should", "will", "would"];

/// Words that open a question ("what is ...", "is it ...", "could you ..."). Words.
pub const QUESTION_OPENERS: &[&str] = &[
    "are", "can", "could", "did", "do", "does", "how", "is", "may", "should", "was", "were",
    "what", "when", "where", "which", "who", "whom", "whose", "why", "will", "would",
];

/// Words that open an ask put to the listener after a comma ("..., can you find me a salon?",
/// "..., please book it"). Words.
pub const LISTENER_ASKS: &[&str] = &["can", "could", "please", "will", "would"];

/// Values that stand for no value at all when a parameter defaults to them ("dontcare", "any",
/// "none"): lower case.
pub const NO_VALUE_WORDS: &[&str] = &[
    "all",
    "any",
    "auto",
    "default",
    "dontcare",
    "everything",
    "n/a",
    "na",
    "nil",
    "none",
    "null",
    "unknown",
    "unspecified",
];

/// Question words: those of [`QUESTION_OPENERS`] that ask for a thing rather than a yes or no.
pub const WH_WORDS: &[&str] = &[
    "how", "what", "when", "where", "which", "who", "whom", "whose", "why",
];

/// Verbs that turn a statement into a request ("I want", "we need", "I'd like"). Words.
pub const WANTING_VERBS: &[&str] = &["like", "love", "need", "prefer", "want", "wish"];

/// Abbreviations written with a full stop that does not end a sentence ("Mr. Gates"). Words.
pub const ABBREVIATIONS: &[&str] = &[
    "approx", "bros", "co", "corp", "dr", "etc", "inc", "jr", "ltd", "mr", "mrs", "ms", "mt", "no",
    "prof", "sr", "st", "vs",
];

/// Abbreviated titles written before a name ("Mr. X", "St. Helena", "Dr. Smith"): their full
/// stop never ends a sentence. Words.
pub const NAME_TITLES: &[&str] = &["dr", "mr", "mrs", "ms", "mt", "prof", "st"];

/// The words that mark a parameter for the given part of a person's name (`first_name`,
/// `givenName`, `forename`), before "name" or run into it. Words.
pub const GIVEN_NAME_MARKS: &[&str] = &["first", "given", "fore"];

/// The words that mark a parameter for the family part of a person's name (`last_name`,
/// `familyName`, `surname`), before "name" or run into it. Words.
pub const FAMILY_NAME_MARKS: &[&str] = &["last", "family", "sur"];

/// Plain words no identifier-like pattern should accept: a `pattern` that matches them accepts
/// ordinary text, so a query's words matching it say nothing about the method. Words.
pub const PLAIN_WORDS: &[&str] = &["hello", "report", "weather", "window"];

/// Articles that open a noun phrase. Words.
pub const DETERMINERS: &[&str] = &["a", "an", "the"];

/// Words that ask for any one or several of a kind rather than a thing already named. Words.
pub const INDEFINITES: &[&str] = &["a", "an", "any", "few", "several", "some"];

/// Words that make the span of time after them a frequency ("every day", "per week", "a
/// month"): the same as the span's adverb ("daily", "weekly", "monthly"). Words.
pub const FREQUENCY_LEADS: &[&str] = &["a", "each", "every", "per"];

/// Words that name a person of one sex, under the value a schema writes for it ("a 34 year
/// old woman" is `female`). Words, sorted in each list; the keys are the values as written.
pub const SEX_WORDS: &[(&str, &[&str])] = &[
    (
        "female",
        &[
            "daughter", "girl", "lady", "mother", "sister", "wife", "woman", "women",
        ],
    ),
    (
        "male",
        &[
            "boy",
            "brother",
            "father",
            "gentleman",
            "husband",
            "man",
            "men",
            "son",
        ],
    ),
];

/// Words that give a thing's name right after them ("a movie called Inception"). Words.
pub const NAMING_WORDS: &[&str] = &["called", "entitled", "named", "titled"];

/// Words that give who is in a film, a show or a song ("a movie with Monica Dolan", "starring
/// Bret McKenzie"). Words.
pub const CAST_WORDS: &[&str] = &[
    "feature",
    "featuring",
    "features",
    "showcasing",
    "starring",
    "stars",
    "with",
];

/// Words for the people a work has in it ("the lead actor", "a list of actors"): a parameter
/// named or described by one takes the name the request introduces as cast ("starring", "with",
/// "featuring"). Words.
pub const CAST_ROLES: &[&str] = &["actor", "actress", "cast"];

/// Words for the people a work is by ("the name of the artist or band", "the director"): a
/// parameter named or described by one takes the name the request introduces as maker ("by").
/// Words.
pub const MAKER_ROLES: &[&str] = &[
    "artist",
    "author",
    "band",
    "composer",
    "director",
    "musician",
    "performer",
    "singer",
    "writer",
];

/// Words that introduce who made a work ("a song by Kesha", "acted by Ronald Young"). Words.
pub const MADE_BY: &[&str] = &["by"];

/// Stems of parameter names that take a thing's name ("device_name", "title", "nickname").
pub const NAME_FIELDS: &[&str] = &["alia", "label", "name", "nicknam", "titl"];

/// Forms of "be" that link an attribute to its value ("the username is 'admin'"). Words.
pub const LINKING_IS: &[&str] = &["is", "should be", "was", "will be"];

/// Words that, between two numbers, say how to combine them while elsewhere they name a thing
/// ("394 times 213" says nothing of time), with the words of that operation. Lowercase words.
pub const OPERATOR_WORDS: &[(&str, &[&str])] = &[("times", &["multiply", "product"])];

/// Changing verbs that qualify a noun as often as they command ("open recalls", "clear
/// skies", "close prices"): at the head of a description, a verb only with an object opened
/// after it. Stems.
pub const QUALIFYING_VERBS: &[&str] = &["clear", "close", "open"];

/// Verbs of change that only bring a thing up to look at when what they take is a thing a
/// method is named for showing: "open the service provider profile" of
/// `view_service_provider_profile` views it, where "open a ticket" makes one. Stems.
pub const VIEWING_ACTS: &[&str] = &["open"];

/// Words that open the thing a command acts on ("make **the** volume 20", "lower **my**
/// thermostat"): after the request's first word, they show that word is a verb. Words.
pub const OBJECT_OPENERS: &[&str] = &[
    "a", "an", "her", "his", "its", "my", "our", "the", "their", "your",
];

/// Words that open a turn continuing the one before ("and in euros?", "then the next one"). Words.
pub const FOLLOW_UP_OPENERS: &[&str] = &["also", "and", "then"];

/// Words by which a follow-up adds to what was asked rather than asking it of something else
/// instead ("... in the summer too?", "both", "as well"). Words, lowercase.
pub const ADDING_WORDS: &[&str] = &["also", "additionally", "both", "too"];

/// Stems of changing verbs a follow-up uses to extend the request it follows rather than to
/// change anything ("*Add* Berlin too"). Stems.
pub const EXTENDING_VERBS: &[&str] = &["ad"];

/// Words that open a reply to what was just asked ("Yes, 70 kilograms", "Sure, make it 12").
/// Words.
pub const ANSWER_OPENERS: &[&str] = &["no", "nope", "ok", "okay", "sure", "yeah", "yep", "yes"];

/// Words a method's name may carry to say it is a service, not what it is about ("Weather
/// Forecast API", "quotes_endpoint"). Terms.
pub const SERVICE_WORDS: &[&str] = &["api", "endpoint"];

/// Words that thank or take leave ("Thanks, that's all", "bye"): a turn of these alone closes a
/// conversation rather than following up on it. Stems.
pub const CLOSINGS: &[&str] = &["appreci", "bye", "cheer", "goodby", "thank", "thx"];

/// Words that, beside thanks ([`CLOSINGS`]), only ask or thank politely ("please", "thank you",
/// "thanks a lot"): a reply's part of these alone gives nothing. Words.
pub const COURTESY: &[&str] = &["a", "lot", "please", "you"];

/// Answers that say no to a yes-or-no question; every other [`ANSWER_OPENERS`] word says yes.
pub const NO_ANSWERS: &[&str] = &["no", "nope"];

/// Small words that may stand between a parameter's name and the number written for it ("a
/// level of 0.05", "the limit is 10", "set to 5"). Words.
pub const NUMBER_LINKS: &[&str] = &["=", "a", "an", "at", "is", "of", "to", "was"];

/// Small words that may stand between a parameter's name and the name written for it
/// ("directed by Herbert Ross", "Nancy Parsons in the cast", "a user named as Ann"). Words,
/// sorted.
pub const NAME_LINKS: &[&str] = &["a", "an", "as", "by", "in", "is", "of", "the"];

/// The kinds of street a house number is written before ("2020 Addison Street", "456 Elm St").
/// Words, lower case, sorted.
pub const STREET_KINDS: &[&str] = &[
    "ave",
    "avenue",
    "blvd",
    "boulevard",
    "court",
    "ct",
    "dr",
    "drive",
    "highway",
    "hwy",
    "lane",
    "ln",
    "parkway",
    "pkwy",
    "pl",
    "place",
    "rd",
    "road",
    "st",
    "street",
    "way",
];

/// Prepositions that introduce a named thing ("the boiling point of water", "proteins in the
/// plasma membrane"): the phrase after one can be a parameter's value. Words.
pub const VALUE_LEADS: &[&str] = &[
    "about",
    "at",
    "called",
    "for",
    "in",
    "named",
    "near",
    "of",
    "on",
    "regarding",
    "with",
];

/// Words that deny what follows ("without dissent", "don't include the cast"). Words, written
/// with or without the apostrophe.
pub const NEGATORS: &[&str] = &[
    "aren't",
    "can't",
    "didn't",
    "didnt",
    "doesn't",
    "don't",
    "dont",
    "exclude",
    "excluding",
    "isn't",
    "never",
    "no",
    "not",
    "shouldn't",
    "skip",
    "without",
    "won't",
];

/// Words in a flag's name that say how the flag acts, not what it is about (`include_dissent`,
/// `is_closed`, `show_details`): a query that uses them has not named the flag. Stems.
pub const FLAG_VERBS: &[&str] = &[
    "allow", "enabl", "get", "has", "includ", "is", "need", "return", "show", "use", "want", "with",
];

/// Words in a flag's name for the attribute it sets, beside the word for its value
/// (`private_visibility`, `silent_mode`): the value's word alone names the flag ("a private
/// payment", "send it privately"). Stems.
pub const FLAG_ATTRIBUTES: &[&str] = &["mode", "status", "visibl"];

/// Words a description uses for the absence of a value ("Default is None", "defaults to the
/// current date"): not a value to send. Words.
pub const NO_VALUE: &[&str] = &[
    "current",
    "empty",
    "nil",
    "none",
    "null",
    "unset",
    "unspecified",
];

/// Words in a parameter's name that make its value a proper name, a code, a mode or an address
/// (`city`, `movie_name`, `ticker`, `url`, `display_mode`): such a parameter never takes a phrase
/// of common words. Words.
pub const PROPER_VALUE_NAMES: &[&str] = &[
    "address", "city", "country", "email", "format", "handle", "key", "language", "link",
    "location", "mode", "name", "nickname", "password", "path", "pattern", "place", "regex",
    "status", "symbol", "ticker", "title", "token", "uri", "url", "user", "username", "version",
];

/// Prepositions that lead what a request asks about ("the side effects *of* ibuprofen", "a
/// recipe *for* pesto", "facts *about* owls"). Words.
pub const ABOUT_LEADS: &[&str] = &["about", "for", "of", "on"];

/// Words that qualify an amount ("at least 2", "at most 5"), never a value of their own. Words.
pub const AMOUNT_QUALIFIERS: &[&str] = &["least", "less", "more", "most", "over", "under"];

/// Words after which a verb is requested ("could you send", "I'd like to book", "and move",
/// "would you mind retweeting"). Words.
pub const ACTION_OPENERS: &[&str] = &[
    "also", "and", "finally", "first", "just", "kindly", "lastly", "let's", "lets", "mind", "next",
    "now", "please", "then", "to", "you",
];

/// Last words of a result field's name that say how well a record matched a search, not what
/// it says. Words.
pub const RELEVANCE_FIELDS: &[&str] = &["bm25", "rank", "relevance", "score", "similarity"];

/// Month names, January first.
pub const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Weekday names.
pub const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Words that name a day relative to now (besides weekdays).
pub const RELATIVE_DAYS: &[&str] = &["today", "tonight", "tomorrow", "yesterday", "weekend"];

/// Parts of a day, which a request names relative to today after "last" or "this" ("last
/// night", "this morning"). Words.
pub const PARTS_OF_DAY: &[&str] = &["afternoon", "evening", "morning", "night"];

/// Periods of the calendar a request names relative to now ("next week", "this month", "last
/// year") with one of [`PERIOD_OPENERS`] before them. Words.
pub const PERIODS: &[&str] = &["month", "week", "year"];

/// Words that place a period of [`PERIODS`] relative to now. Words.
pub const PERIOD_OPENERS: &[&str] = &[
    "coming",
    "following",
    "last",
    "next",
    "past",
    "previous",
    "this",
    "upcoming",
];

/// Field names that give a record its own identity, so that an array of such objects is a list
/// of separate records rather than parts of one. English nouns of naming and addressing.
pub const IDENTITY_FIELDS: &[&str] = &[
    "id", "question", "title", "name", "symbol", "headline", "url",
];

/// Field names that make a good title for a record, in order of preference. English nouns of
/// naming; a record without one is titled by its first short text.
pub const TITLE_FIELDS: &[&str] = &[
    "question", "title", "name", "headline", "label", "subject", "symbol",
];

/// Currency codes a field name or a `currency` field may carry, with the sign written before an
/// amount (empty: the code is written instead, `CHF 12.50`). ISO 4217, lowercase.
pub const CURRENCIES: &[(&str, &str)] = &[
    ("aud", "A$"),
    ("cad", "C$"),
    ("chf", ""),
    ("cny", "CN¥"),
    ("eur", "€"),
    ("gbp", "£"),
    ("inr", "₹"),
    ("jpy", "¥"),
    ("usd", "$"),
];

/// Currencies as a request names them in words (one or two, lower case), with their ISO 4217
/// codes (lower case, as [`CURRENCIES`]). Names several currencies share ("krone", "peso") are
/// left out.
pub const CURRENCY_NAMES: &[(&str, &str)] = &[
    ("australian dollar", "aud"),
    ("australian dollars", "aud"),
    ("british pound", "gbp"),
    ("british pounds", "gbp"),
    ("canadian dollar", "cad"),
    ("canadian dollars", "cad"),
    ("dollar", "usd"),
    ("dollars", "usd"),
    ("euro", "eur"),
    ("euros", "eur"),
    ("pounds sterling", "gbp"),
    ("renminbi", "cny"),
    ("rupee", "inr"),
    ("rupees", "inr"),
    ("sterling", "gbp"),
    ("swiss franc", "chf"),
    ("swiss francs", "chf"),
    ("us dollar", "usd"),
    ("us dollars", "usd"),
    ("yen", "jpy"),
    ("yuan", "cny"),
];

/// Languages as a request names them, with their ISO 639-1 codes (names lowercase, sorted).
pub const LANGUAGES: &[(&str, &str)] = &[
    ("afrikaans", "af"),
    ("albanian", "sq"),
    ("amharic", "am"),
    ("arabic", "ar"),
    ("armenian", "hy"),
    ("azerbaijani", "az"),
    ("basque", "eu"),
    ("belarusian", "be"),
    ("bengali", "bn"),
    ("bosnian", "bs"),
    ("bulgarian", "bg"),
    ("burmese", "my"),
    ("catalan", "ca"),
    ("chinese", "zh"),
    ("croatian", "hr"),
    ("czech", "cs"),
    ("danish", "da"),
    ("dutch", "nl"),
    ("english", "en"),
    ("esperanto", "eo"),
    ("estonian", "et"),
    ("farsi", "fa"),
    ("finnish", "fi"),
    ("french", "fr"),
    ("galician", "gl"),
    ("georgian", "ka"),
    ("german", "de"),
    ("greek", "el"),
    ("gujarati", "gu"),
    ("hausa", "ha"),
    ("hebrew", "he"),
    ("hindi", "hi"),
    ("hungarian", "hu"),
    ("icelandic", "is"),
    ("igbo", "ig"),
    ("indonesian", "id"),
    ("irish", "ga"),
    ("italian", "it"),
    ("japanese", "ja"),
    ("javanese", "jv"),
    ("kannada", "kn"),
    ("kazakh", "kk"),
    ("khmer", "km"),
    ("korean", "ko"),
    ("kurdish", "ku"),
    ("lao", "lo"),
    ("latin", "la"),
    ("latvian", "lv"),
    ("lithuanian", "lt"),
    ("macedonian", "mk"),
    ("malay", "ms"),
    ("malayalam", "ml"),
    ("maltese", "mt"),
    ("mandarin", "zh"),
    ("maori", "mi"),
    ("marathi", "mr"),
    ("mongolian", "mn"),
    ("nepali", "ne"),
    ("norwegian", "no"),
    ("pashto", "ps"),
    ("persian", "fa"),
    ("polish", "pl"),
    ("portuguese", "pt"),
    ("punjabi", "pa"),
    ("romanian", "ro"),
    ("russian", "ru"),
    ("serbian", "sr"),
    ("sinhala", "si"),
    ("slovak", "sk"),
    ("slovenian", "sl"),
    ("somali", "so"),
    ("spanish", "es"),
    ("swahili", "sw"),
    ("swedish", "sv"),
    ("tagalog", "tl"),
    ("tamil", "ta"),
    ("telugu", "te"),
    ("thai", "th"),
    ("turkish", "tr"),
    ("ukrainian", "uk"),
    ("urdu", "ur"),
    ("uzbek", "uz"),
    ("vietnamese", "vi"),
    ("welsh", "cy"),
    ("xhosa", "xh"),
    ("yiddish", "yi"),
    ("yoruba", "yo"),
    ("zulu", "zu"),
];

/// The ISO 639-1 code of the language `name` names ("German" is `de`), in any case.
pub fn language_code(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    LANGUAGES
        .binary_search_by_key(&lower.as_str(), |(n, _)| n)
        .ok()
        .map(|i| LANGUAGES[i].1)
}

/// Stems of words with which a method's name or description says it gives things as they are
/// now ("current weather", "live status", "real-time quotes").
pub const PRESENT_WORDS: &[&str] = &["current", "live", "now", "realtim"];

/// Words that place a day written relative to today on another day ("tomorrow", "next week",
/// "last Friday", "two days ago"). Words.
pub const OTHER_DAY_WORDS: &[&str] = &[
    "ago",
    "coming",
    "last",
    "next",
    "tomorrow",
    "upcoming",
    "yesterday",
];

/// Words in a parameter's name that make it a language (`target_lang`, `source_language`).
pub const LANGUAGE_NAMES: &[&str] = &["lang", "language", "languages"];

/// Words in a parameter's name that make it the language a text is turned into.
pub const TARGET_WORDS: &[&str] = &["dest", "destination", "output", "target", "to"];

/// Words in a parameter's name that make it the language a text is written in.
pub const SOURCE_WORDS: &[&str] = &["from", "input", "original", "source", "src"];

/// Words right before a currency that make it the one money is converted to ("into euros").
pub const CONVERT_TO: &[&str] = &["in", "into", "to"];

/// Field-name words that say a number is a percentage (`change24hPct`).
pub const PERCENT_WORDS: &[&str] = &["pct", "percent", "percentage"];

/// Words (stems) in a parameter's name for a share that programs write as a fraction of one
/// (an interest rate of 5% as 0.05).
pub const FRACTION_FIELDS: &[&str] = &["rate", "return", "yield"];

/// Field-name words that say a number is a change, written with its sign (`+4.3%`).
pub const CHANGE_WORDS: &[&str] = &[
    "change",
    "delta",
    "diff",
    "difference",
    "gain",
    "growth",
    "return",
];

/// Field-name words of amounts of money: a number field named so is a sum in the currency a sibling
/// `currency` field gives.
pub const MONEY_WORDS: &[&str] = &[
    "amount",
    "balance",
    "cap",
    "cost",
    "fee",
    "liquidity",
    "price",
    "revenue",
    "total",
    "value",
    "volume",
];

/// Field names that give the currency of a record's amounts (words joined, lowercase).
pub const CURRENCY_FIELDS: &[&str] = &["currency", "currencycode", "quotecurrency"];

/// Field names that give a record's short symbol, written after its name: `Solana (SOL)`.
pub const SYMBOL_FIELDS: &[&str] = &["symbol", "ticker"];

/// Shortened field-name words and how people write them.
pub const LABEL_WORDS: &[(&str, &str)] = &[
    ("addr", "address"),
    ("avg", "average"),
    ("desc", "description"),
    ("id", "ID"),
    ("ids", "IDs"),
    ("max", "maximum"),
    ("min", "minimum"),
    ("num", "number"),
    ("qty", "quantity"),
    ("url", "URL"),
];

/// Letters fused to a number in a field name (`24h`, `7d`) and the span they stand for.
pub const SPAN_LETTERS: &[(&str, &str)] = &[
    ("d", "day"),
    ("h", "hour"),
    ("hr", "hour"),
    ("mo", "month"),
    ("w", "week"),
    ("wk", "week"),
    ("y", "year"),
    ("yr", "year"),
];

/// Field-name words of the moment a record was observed: such a timestamp reads "as of …".
pub const OBSERVED_WORDS: &[&str] = &[
    "as of",
    "fetched",
    "observed",
    "retrieved",
    "timestamp",
    "updated",
];

/// Words after a number that make it a measure in the request's wording ("24 hour", "3 days"),
/// not a fact to find. Singular; a plural `s` is removed before looking.
pub const MEASURE_WORDS: &[&str] = &[
    "day", "hour", "minute", "month", "percent", "second", "time", "week", "year",
];

/// Words before a number that make it a count in the request's wording ("top 10", "last 5").
pub const COUNT_LEADS: &[&str] = &[
    "best", "bottom", "first", "last", "latest", "limit", "next", "past", "top", "worst",
];

/// Words in a parameter's name that make it a postal code (`zip`, `postcode_from`,
/// `postal_code`), found anywhere in the name. Words.
pub const POSTAL_CODE_WORDS: &[&str] = &["postal", "postcode", "zip"];

/// Words right before a number that give it as the speaker's or someone's age ("I'm 29", "aged
/// 40"); "I am 29" is read as its two words. Words.
pub const AGE_LEADS: &[&str] = &["age", "aged", "i'm", "im", "i\u{2019}m"];

/// Words after an age's number that, with "old" after them, give it as an age ("29 years
/// old"). Words.
pub const AGE_UNITS: &[&str] = &["year", "years", "yrs"];

/// The auxiliaries of a question for a way of doing something ("How do I ...", "How can we
/// ...", "How should one ..."). Words.
pub const HOW_TO_AUXILIARIES: &[&str] = &["can", "could", "do", "should", "would"];

/// The persons of such a question, after its auxiliary. Words.
pub const HOW_TO_PERSONS: &[&str] = &["i", "one", "we", "you"];

/// Words that link a label to the quoted value it labels ("host IP as '192.168.0.10'"). Words.
pub const LABEL_LINKS: &[&str] = &["=", "as", "is"];

/// Words a parameter's name is made of when it caps how many results come back (`limit`,
/// `max_results`, `page_size`, `top_n`, `num_results`). Words, sorted.
pub const RESULT_LIMIT_WORDS: &[&str] = &[
    "count", "limit", "max", "maximum", "n", "num", "number", "page", "result", "results", "size",
    "top",
];

/// Words before "year" that point to a year other than the one a request's dates give ("next
/// year"). Words.
pub const OTHER_YEAR: &[&str] = &["following", "last", "next", "previous"];

/// Words that open a request for one quantity or property ("Calculate the area of ...", "What
/// is the mean of ..."). Words.
pub const ASKING_FOR_ONE: &[&str] = &[
    "calculate",
    "compute",
    "determine",
    "estimate",
    "find",
    "what",
];

/// Verbs (words) whose object is the thing a request asks for ("get the forecast", "show me
/// flights", "tell me the price of ..."): the head of that object is what a method must be about.
pub const ASKING_FOR_THINGS: &[&str] = &[
    "calculate",
    "compute",
    "determine",
    "display",
    "estimate",
    "fetch",
    "find",
    "get",
    "give",
    "list",
    "look",
    "provide",
    "retrieve",
    "search",
    "show",
    "tell",
];

/// Words that may open a noun phrase without being part of what it names: determiners,
/// possessives and quantifiers. Words.
pub const QUANTIFIERS: &[&str] = &[
    "a", "all", "an", "any", "each", "every", "her", "his", "its", "my", "our", "some", "that",
    "the", "their", "these", "this", "those", "your",
];

/// Participles that do not end in "-ed" ("proteins found in ...", "cars made in ..."). Words.
pub const IRREGULAR_PARTICIPLES: &[&str] = &[
    "born", "bought", "built", "done", "found", "given", "held", "known", "left", "made", "paid",
    "seen", "sent", "shown", "sold", "taken", "written",
];

/// Words that lead a sentence on from the one before ("Finally, ...", "Next, ...") when a comma
/// follows them, or when they are adverbs in "-ly" ("Lastly show ..."). Words.
pub const DISCOURSE_MARKERS: &[&str] = &[
    "additionally",
    "afterward",
    "afterwards",
    "also",
    "besides",
    "finally",
    "first",
    "firstly",
    "furthermore",
    "however",
    "lastly",
    "meanwhile",
    "moreover",
    "next",
    "now",
    "second",
    "secondly",
    "subsequently",
    "then",
    "third",
    "thirdly",
];

/// Prepositions written as two words ("*next to* the door", "*because of* the rain"), each as
/// its two words.
pub const TWO_WORD_PREPOSITIONS: &[(&str, &str)] = &[
    ("according", "to"),
    ("ahead", "of"),
    ("apart", "from"),
    ("because", "of"),
    ("close", "to"),
    ("due", "to"),
    ("instead", "of"),
    ("next", "to"),
    ("prior", "to"),
];

/// Words that point at a position in a list the assistant just gave ("the *second* one"), with
/// the position they point at, 1-based; 0 is the last. Words.
pub const LIST_POSITIONS: &[(&str, usize)] = &[
    ("first", 1),
    ("1st", 1),
    ("second", 2),
    ("2nd", 2),
    ("third", 3),
    ("3rd", 3),
    ("fourth", 4),
    ("4th", 4),
    ("fifth", 5),
    ("5th", 5),
    ("sixth", 6),
    ("6th", 6),
    ("last", 0),
];

/// Nouns that stand for any listed thing after a position word ("the second *one*", "the last
/// *option*"). Words.
pub const LIST_POSITION_NOUNS: &[&str] = &["choice", "entry", "item", "one", "option", "result"];

/// Words after which a request names things it has, uses or wants something made with ("recipes
/// *with* chicken", "I *have* eggs", "a salad *using* spinach"). Words.
pub const HAVING_CUES: &[&str] = &[
    "contain",
    "containing",
    "contains",
    "got",
    "has",
    "have",
    "include",
    "includes",
    "including",
    "use",
    "uses",
    "using",
    "with",
];

/// Words after which lower-case words joined by "and" are the things a request lists: those of
/// [`HAVING_CUES`] ("a recipe that uses chicken and mushrooms", "I have some eggs and flour"),
/// and these, which say what it asks about ("the price of tomatoes and lettuce"). Words.
pub const ASKED_ABOUT_CUES: &[&str] = &["about", "between", "for", "of", "some"];

/// Whether lower-case words joined by "and" after `word` are the things a request lists
/// ([`HAVING_CUES`], [`ASKED_ABOUT_CUES`]).
pub fn list_cue(word: &str) -> bool {
    HAVING_CUES.contains(&word) || ASKED_ABOUT_CUES.contains(&word)
}

/// Words that end a noun phrase besides prepositions: auxiliaries, and "like" ("what is the
/// weather like"). Words.
pub const PHRASE_ENDS: &[&str] = &[
    "can", "could", "did", "do", "does", "had", "like", "near", "should", "will", "would",
];

/// Nouns that ask for something about a thing without naming which ("the names of ...", "the
/// information of ...", "the details of ..."): what such a request asks for is the thing after
/// "of". Words.
pub const ASPECT_NOUNS: &[&str] = &[
    "amount",
    "count",
    "data",
    "detail",
    "details",
    "info",
    "information",
    "list",
    "name",
    "names",
    "number",
    "overview",
    "quantity",
    "result",
    "results",
    "status",
    "summary",
];

/// Words by which a parameter's name or description says it takes an address of one kind, with
/// that kind: an email address, a web address, a file system path, a domain name, an IP
/// address, a hashtag. Lowercase
/// words.
pub const ADDRESS_WORDS: &[(&str, Address)] = &[
    ("directory", Address::Path),
    ("domain", Address::Domain),
    ("e-mail", Address::Email),
    ("email", Address::Email),
    ("filepath", Address::Path),
    ("folder", Address::Path),
    ("hashtag", Address::Hashtag),
    ("hostname", Address::Domain),
    ("ip", Address::Ip),
    ("ipv4", Address::Ip),
    ("ipv6", Address::Ip),
    ("path", Address::Path),
    ("uri", Address::Url),
    ("url", Address::Url),
    ("website", Address::Url),
];

/// A kind of address a value may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Address {
    /// `name@example.com`
    Email,
    /// `https://example.com/page`
    Url,
    /// `/srv/data`, `~/notes`, `./out`
    Path,
    /// `example.com`
    Domain,
    /// `8.8.8.8`, `2001:db8::1`
    Ip,
    /// `#climate`
    Hashtag,
}

/// Words after which a parameter's description lists values it takes ("e.g. vegan, vegetarian",
/// "such as Python", "either to rent or to buy"). Lowercase; matched at word boundaries.
pub const VALUE_CUES: &[&str] = &[
    "e.g.",
    "eg.",
    "either",
    "example:",
    "examples:",
    "for example",
    "for instance",
    "i.e.",
    "including",
    "like",
    "one of",
    "options:",
    "such as",
    "values:",
    "whether",
];

/// Words that open or close a listed value without being part of it ("to rent", "buy etc").
pub const LIST_FILLERS: &[&str] = &["a", "an", "and", "etc", "or", "the", "to"];

/// Stems of nouns that say a parameter picks a sort of the thing named before them
/// (`room_type`, `crime_kind`): its value is the word a request puts before that thing ("a
/// single room", "theft crimes").
pub const SORT_WORDS: &[&str] = &["categori", "kind", "sort", "type", "varieti"];

/// Last words of parameter names for a kind of the thing a method is about (`subject` of a
/// course search, `genre` of a concert search): the word a request puts before that thing ("the
/// philosophy courses", "rock concerts") says which. Stems.
pub const KIND_PARAMETERS: &[&str] = &[
    "categori",
    "cuisin",
    "disciplin",
    "genr",
    "kind",
    "sort",
    "style",
    "subject",
    "topic",
    "type",
    "varieti",
];

/// Stems of the words that make a parameter the speaker's own (`user_name`, `passenger_name`,
/// `customer`): a name the request gives as its speaker's fills it.
pub const SPEAKER_FIELDS: &[&str] = &[
    "client", "custom", "guest", "passeng", "patient", "person", "sender", "user",
];

/// The words right before a name that give it as the speaker's own ("I am Karan", "my name is
/// Emily", "call me Jo"), lowercased, last word last.
pub const SELF_INTRODUCTIONS: &[&[&str]] =
    &[&["i", "am"], &["i'm"], &["name", "is"], &["call", "me"]];

/// Stems of the nouns a request counts people with ("2 adults", "three people", "4 ppl").
pub const PEOPLE_WORDS: &[&str] = &[
    "adult", "guest", "individu", "passeng", "peopl", "person", "ppl", "travel",
];

/// Stems of field-name words that count places for people (`number_of_seats`, `party_size`):
/// such a count is the number of people a request is for.
pub const PLACES_FOR_PEOPLE: &[&str] = &["parti", "seat"];

/// Stems of field-name words that say a field counts something, not what it counts
/// (`number_of_adults`, `num_rooms`, `room_count`).
pub const COUNT_FIELDS: &[&str] = &["count", "num", "number", "total"];

/// Words in a parameter's name for whoever owns a thing that code hosts and registries name
/// as `owner/thing` ("tokio-rs/axum"). Lowercase words.
pub const OWNER_NAMES: &[&str] = &["namespace", "org", "organization", "owner"];

/// Words in a parameter's name for the thing such an owner has (`repo`, `project`). Lowercase
/// words.
pub const OWNED_NAMES: &[&str] = &["image", "model", "package", "project", "repo", "repository"];

/// Words in a parameter's name that make it a settlement or a country (`city`, `country_name`),
/// which are named in words, never with digits. Words.
pub const SETTLEMENT_WORDS: &[&str] = &["city", "country", "county", "province", "town", "village"];

/// Nouns that name a kind of value rather than a value ("such as an email or phone number",
/// "e.g. country"): a description listing them says what form the value takes.
pub const VALUE_KINDS: &[&str] = &[
    "address",
    "city",
    "code",
    "country",
    "email",
    "id",
    "identifier",
    "name",
    "number",
    "phone",
    "state",
    "url",
    "username",
    "zip",
];

/// Numbers written as words, with their values.
pub const NUMBER_VALUES: &[(&str, f64)] = &[
    ("one", 1.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
    ("eleven", 11.0),
    ("twelve", 12.0),
    ("dozen", 12.0),
    ("thirteen", 13.0),
    ("fourteen", 14.0),
    ("fifteen", 15.0),
    ("sixteen", 16.0),
    ("seventeen", 17.0),
    ("eighteen", 18.0),
    ("nineteen", 19.0),
    ("twenty", 20.0),
    ("thirty", 30.0),
    ("forty", 40.0),
    ("fifty", 50.0),
    ("sixty", 60.0),
    ("seventy", 70.0),
    ("eighty", 80.0),
    ("ninety", 90.0),
    ("hundred", 100.0),
    ("twice", 2.0),
    ("thrice", 3.0),
];

/// The value of a number written as a word (`"five"` → 5): [`NUMBER_VALUES`], matched as given
/// (callers pass the word lowercased when case does not matter).
pub fn number_value(word: &str) -> Option<f64> {
    NUMBER_VALUES
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, v)| *v)
}

/// Units of time as a quantity is written in them or a parameter measured in them, in seconds
/// ("10 hours" for a `duration_minutes` is 600). Words, lowercase.
pub const TIME_UNIT_SECONDS: &[(&str, f64)] = &[
    ("day", 86_400.0),
    ("days", 86_400.0),
    ("hour", 3_600.0),
    ("hours", 3_600.0),
    ("hr", 3_600.0),
    ("hrs", 3_600.0),
    ("min", 60.0),
    ("mins", 60.0),
    ("minute", 60.0),
    ("minutes", 60.0),
    ("sec", 1.0),
    ("second", 1.0),
    ("seconds", 1.0),
    ("secs", 1.0),
    ("week", 604_800.0),
    ("weeks", 604_800.0),
];

/// The seconds in one `unit` of time ([`TIME_UNIT_SECONDS`]), written in any case.
pub fn seconds_in(unit: &str) -> Option<f64> {
    let lower = unit.to_lowercase();
    TIME_UNIT_SECONDS
        .iter()
        .find(|(u, _)| *u == lower)
        .map(|(_, s)| *s)
}

/// The words before a unit of time that make it one span counted from now, ahead or back ("the
/// next week", "the past 30 days", "over the last month"). Words.
pub const SPAN_LEADS: &[&str] = &["last", "next", "past"];

/// Spans of time a count can be given in ("days", "months"), and how many of a smaller one a
/// larger one is exactly (a week is 7 days; a month is no exact number of days).
pub const SPANS: &[&str] = &["hour", "day", "week", "month", "year"];
const SPANS_EXACTLY: &[(&str, &str, f64)] = &[
    ("day", "hour", 24.0),
    ("week", "day", 7.0),
    ("year", "month", 12.0),
];

/// How many of span `unit` one `written` span is, when that is exact ("week" in days is 7).
pub fn span_in(written: &str, unit: &str) -> Option<f64> {
    if !SPANS.contains(&unit) || !SPANS.contains(&written) {
        return None;
    }
    if written == unit {
        return Some(1.0);
    }
    SPANS_EXACTLY
        .iter()
        .find(|(w, u, _)| *w == written && *u == unit)
        .map(|(_, _, n)| *n)
}

/// Articles that count one thing ("a bag of rice", "an apple").
pub const ONE_THING: &[&str] = &["a", "an"];

/// Words after a count that multiply it ("two dozen eggs" are 24), with their factors.
pub const COUNT_MULTIPLIERS: &[(&str, i64)] = &[("dozen", 12)];

/// Units written after a number (in lower case, on the number or as the next word), with the
/// dimension each measures.
pub const UNIT_DIMENSIONS: &[(&str, &str)] = &[
    ("celsius", "temperature"),
    ("centigrade", "temperature"),
    ("centimeter", "length"),
    ("centimeters", "length"),
    ("centimetre", "length"),
    ("centimetres", "length"),
    ("cm", "length"),
    ("cup", "volume"),
    ("cups", "volume"),
    ("day", "duration"),
    ("days", "duration"),
    ("fahrenheit", "temperature"),
    ("feet", "length"),
    ("foot", "length"),
    ("ft", "length"),
    ("ft/s^2", "acceleration"),
    ("g", "mass"),
    ("gal", "volume"),
    ("gallon", "volume"),
    ("gallons", "volume"),
    ("gram", "mass"),
    ("grams", "mass"),
    ("h", "duration"),
    ("hour", "duration"),
    ("hours", "duration"),
    ("hr", "duration"),
    ("hrs", "duration"),
    ("inch", "length"),
    ("inches", "length"),
    ("kelvin", "temperature"),
    ("kg", "mass"),
    ("kilogram", "mass"),
    ("kilograms", "mass"),
    ("kilometer", "length"),
    ("kilometers", "length"),
    ("kilometre", "length"),
    ("kilometres", "length"),
    ("km", "length"),
    ("km/h", "speed"),
    ("kph", "speed"),
    ("l", "volume"),
    ("lb", "mass"),
    ("lbs", "mass"),
    ("liter", "volume"),
    ("liters", "volume"),
    ("litre", "volume"),
    ("litres", "volume"),
    ("m", "length"),
    ("m/s", "speed"),
    ("m/s^2", "acceleration"),
    ("m/s²", "acceleration"),
    ("meter", "length"),
    ("meters", "length"),
    ("metre", "length"),
    ("metres", "length"),
    ("mi", "length"),
    ("mile", "length"),
    ("miles", "length"),
    ("milliliter", "volume"),
    ("milliliters", "volume"),
    ("millilitre", "volume"),
    ("millilitres", "volume"),
    ("min", "duration"),
    ("mins", "duration"),
    ("minute", "duration"),
    ("minutes", "duration"),
    ("ml", "volume"),
    ("millimeter", "length"),
    ("millimeters", "length"),
    ("millimetre", "length"),
    ("millimetres", "length"),
    ("mm", "length"),
    ("month", "duration"),
    ("months", "duration"),
    ("mph", "speed"),
    ("ounce", "mass"),
    ("ounces", "mass"),
    ("oz", "mass"),
    ("pint", "volume"),
    ("pints", "volume"),
    ("pound", "mass"),
    ("pounds", "mass"),
    ("quart", "volume"),
    ("quarts", "volume"),
    ("s", "duration"),
    ("sec", "duration"),
    ("second", "duration"),
    ("seconds", "duration"),
    ("secs", "duration"),
    ("tablespoon", "volume"),
    ("tablespoons", "volume"),
    ("tbsp", "volume"),
    ("teaspoon", "volume"),
    ("teaspoons", "volume"),
    ("tonne", "mass"),
    ("tonnes", "mass"),
    ("tsp", "volume"),
    ("week", "duration"),
    ("weeks", "duration"),
    ("year", "duration"),
    ("years", "duration"),
    ("yr", "duration"),
    ("yrs", "duration"),
    ("yard", "length"),
    ("yards", "length"),
    ("yd", "length"),
    ("°c", "temperature"),
    ("°f", "temperature"),
];

/// Words a parameter's name or description uses for a sum of money ("max_price", "the budget
/// in USD"): an amount written with a currency's sign ("$100") is what it takes. Stems.
pub const PRICE_WORDS: &[&str] = &["budget", "cost", "fare", "fee", "price"];

/// Words before a number that make it what a rate is counted per ("per 100 km"). Not "every":
/// "every 3 hours" gives an interval.
pub const RATE_WORDS: &[&str] = &["per"];

/// Nouns for what a method reports about a thing (its history, status, cost, an estimate of it),
/// after which a verb in a method's name is a noun ("TransferHistory", "BurnEstimator"). Stems.
pub const REPORT_NOUNS: &[&str] = &[
    "amount", "analyt", "calcul", "checker", "cost", "count", "detail", "estim", "fee", "histori",
    "info", "limit", "rate", "receipt", "stat", "statist", "status", "summari", "tracker",
];

/// Words a parameter's name uses for what a dimension measures ("height" is a length), by
/// dimension (as [`UNIT_DIMENSIONS`] names them).
pub const DIMENSION_NAMES: &[(&str, &[&str])] = &[
    ("acceleration", &["acceleration"]),
    ("duration", &["duration", "interval", "period", "time"]),
    (
        "length",
        &[
            "altitude",
            "depth",
            "diameter",
            "distance",
            "elevation",
            "height",
            "length",
            "radius",
            "width",
        ],
    ),
    ("mass", &["mass", "weight"]),
    ("speed", &["speed", "velocity"]),
    ("temperature", &["temp", "temperature"]),
    ("volume", &["capacity", "volume"]),
];

/// The dimension a unit measures, the unit written as after a number: in any case, but a
/// one-letter unit only in lower case (`1M` is a million, not a metre).
pub fn unit_dimension(unit: &str) -> Option<&'static str> {
    let lower = unit.to_lowercase();
    UNIT_DIMENSIONS
        .iter()
        .find(|(u, _)| *u == unit || (unit.chars().count() > 1 && *u == lower))
        .map(|(_, d)| *d)
}

/// Units of measure by their usual symbol, with the other ways they are written (in lower
/// case): what [`unit_symbol`] reads.
pub const UNIT_SYMBOLS: &[(&str, &[&str])] = &[
    ("C", &["c", "celsius", "centigrade", "°c"]),
    ("cup", &["cups"]),
    ("F", &["f", "fahrenheit", "°f"]),
    ("K", &["k", "kelvin"]),
    (
        "cm",
        &["centimeter", "centimeters", "centimetre", "centimetres"],
    ),
    ("ft", &["feet", "foot"]),
    ("g", &["gram", "grams"]),
    ("gal", &["gallon", "gallons"]),
    ("h", &["hour", "hours", "hr", "hrs"]),
    ("in", &["inch", "inches"]),
    ("kg", &["kilogram", "kilograms", "kilo", "kilos"]),
    (
        "km",
        &["kilometer", "kilometers", "kilometre", "kilometres"],
    ),
    ("km/h", &["kph", "kmh"]),
    ("l", &["liter", "liters", "litre", "litres"]),
    ("lb", &["lbs", "pound", "pounds"]),
    ("m", &["meter", "meters", "metre", "metres"]),
    ("mi", &["mile", "miles"]),
    ("min", &["minute", "minutes", "mins"]),
    (
        "ml",
        &["milliliter", "milliliters", "millilitre", "millilitres"],
    ),
    (
        "mm",
        &["millimeter", "millimeters", "millimetre", "millimetres"],
    ),
    ("mph", &["miles per hour"]),
    ("oz", &["ounce", "ounces"]),
    ("pt", &["pint", "pints"]),
    ("qt", &["quart", "quarts"]),
    ("s", &["sec", "second", "seconds", "secs"]),
    ("t", &["tonne", "tonnes"]),
    ("tbsp", &["tablespoon", "tablespoons"]),
    ("tsp", &["teaspoon", "teaspoons"]),
    ("yd", &["yard", "yards"]),
];

/// The symbol of the unit `word` writes ("miles" and "mi" are `mi`, "Fahrenheit" is `F`), in
/// any case; `None` for a word that is no unit.
pub fn unit_symbol(word: &str) -> Option<&'static str> {
    let lower = word.trim().to_lowercase();
    UNIT_SYMBOLS
        .iter()
        .find(|(symbol, names)| symbol.to_lowercase() == lower || names.contains(&lower.as_str()))
        .map(|(symbol, _)| *symbol)
}

/// Adjectives a "how" question asks an attribute with ("how old" asks the age, "how far" the
/// distance), with the nouns that name that attribute. Words.
pub const HOW_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("big", &["size"]),
    ("deep", &["depth"]),
    ("far", &["distance"]),
    ("fast", &["speed"]),
    ("heavy", &["weight"]),
    ("high", &["altitude", "height"]),
    ("long", &["duration", "length"]),
    ("old", &["age"]),
    ("tall", &["height"]),
    ("wide", &["width"]),
];

/// Words with which a question asks for an attribute of a thing ("What does 'ephemeral' *mean*?",
/// "How much does it *weigh*?", "When was she *born*?", "Where is it *cheapest*?"), as written,
/// with the nouns that name the attribute asked.
pub const ASKING_FOR_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("born", &["birth", "birthdate", "birthday"]),
    ("cheapest", &["price", "cost"]),
    ("cost", &["price"]),
    ("costs", &["price"]),
    ("earn", &["salary", "income", "wage", "pay"]),
    ("mean", &["meaning", "definition"]),
    ("means", &["meaning", "definition"]),
    ("weigh", &["weight"]),
    ("worth", &["value", "valuation", "price"]),
];

/// Words that refer to a thing without naming it ("a specific company", "another file").
pub const VAGUE_WORDS: &[&str] = &[
    "another",
    "certain",
    "different",
    "particular",
    "several",
    "some",
    "specific",
    "various",
];

/// Words for who does things (people, teams, groups), which a method's metadata relates to when
/// it answers who ("astronauts", "crew", "author", "club" are alike in meaning to one of them).
/// Words.
pub const PERSON_WORDS: &[&str] = &[
    "group",
    "leader",
    "name",
    "organization",
    "people",
    "person",
    "team",
];

/// Words that point at a thing (the speaker's, or one in view) without writing it out ("my
/// name", "this sentence").
pub const POINTING_WORDS: &[&str] = &[
    "her", "his", "my", "our", "that", "their", "these", "this", "those", "your",
];

/// Demonstratives that open a noun phrase of their own ("this season", "those games"); "that"
/// is left out, since it as often opens a relative clause. Words.
pub const DEMONSTRATIVES: &[&str] = &["these", "this", "those"];

/// Possessive determiners of someone or something named before ("*her* albums", "*its*
/// price"): not the speaker's or the listener's. Words.
pub const OWNERS_NAMED_BEFORE: &[&str] = &["her", "his", "its", "their"];

/// Possessive determiners: whose a thing is ("my friends", "our trip"). Words.
pub const POSSESSIVES: &[&str] = &["her", "his", "my", "our", "their", "your"];

/// Pairs of words that say opposite things of one measure or act ("the lowest score" is not
/// what `high_score` gives; "sunset" is not "sunrise"), each side with its degrees. Words, each
/// pair once.
pub const OPPOSITES: &[(&[&str], &[&str])] = &[
    (&["ascending"], &["descending"]),
    (&["best"], &["worst"]),
    (
        &["big", "bigger", "biggest", "large", "larger", "largest"],
        &["small", "smaller", "smallest"],
    ),
    (&["buy"], &["sell"]),
    (
        &["cheap", "cheaper", "cheapest"],
        &["dear", "dearer", "dearest", "expensive"],
    ),
    (&["decrypt"], &["encrypt"]),
    (&["decode"], &["encode"]),
    (&["download"], &["upload"]),
    (
        &["early", "earlier", "earliest"],
        &["late", "later", "latest"],
    ),
    (&["export"], &["import"]),
    (&["high", "higher", "highest"], &["low", "lower", "lowest"]),
    (&["max", "maximum"], &["min", "minimum"]),
    (&["most"], &["least"]),
    (&["new", "newer", "newest"], &["old", "older", "oldest"]),
    (&["sunrise"], &["sunset"]),
    (&["top"], &["bottom"]),
];

/// Words that refer to a thing without naming it when "of" follows ("one of my files").
pub const VAGUE_BEFORE_OF: &[&str] = &["one"];

/// Whether `word` (lower case), followed by `next`, refers to a thing without naming it.
pub fn is_vague(word: &str, next: Option<&str>) -> bool {
    VAGUE_WORDS.contains(&word) || (VAGUE_BEFORE_OF.contains(&word) && next == Some("of"))
}

/// Words after a number that scale it ("213 million" is 213,000,000), with their factors.
pub const SCALE_WORDS: &[(&str, f64)] = &[
    ("billion", 1e9),
    ("million", 1e6),
    ("thousand", 1e3),
    ("trillion", 1e12),
];

/// Adjectives that rate, date or place a thing rather than say what kind it is ("a new movie",
/// "the best restaurant", "cheap tickets"): never a category's value.
pub const QUALIFIERS: &[&str] = &[
    "available",
    "best",
    "big",
    "brief",
    "cheap",
    "cheapest",
    "closest",
    "complete",
    "cool",
    "current",
    "detail",
    "different",
    "famous",
    "favorite",
    "favourite",
    "few",
    "full",
    "fun",
    "good",
    "great",
    "high",
    "highest",
    "latest",
    "local",
    "low",
    "lowest",
    "many",
    "nearby",
    "nearest",
    "new",
    "next",
    "nice",
    "old",
    "online",
    "other",
    "particular",
    "popular",
    "recent",
    "regular",
    "similar",
    "small",
    "specific",
    "top",
    "upcoming",
];

/// Words a reply to "which did you mean?" wraps its choice in ("the rugby one, please", "I meant
/// that option"): they pick nothing themselves. Stems.
pub const CHOICE_FILLERS: &[&str] = &[
    "choic", "choos", "go", "mean", "meant", "one", "option", "pick", "pleas", "select", "take",
    "thank", "that", "want", "with",
];

/// Words a number parameter's name or description uses for the low end of a range (`start`,
/// "The lower bound", `min_price`). Words.
pub const RANGE_STARTS: &[&str] = &[
    "begin",
    "beginning",
    "earliest",
    "from",
    "low",
    "lower",
    "min",
    "minimum",
    "start",
    "starting",
];

/// Words a number parameter's name or description uses for the high end of a range (`end`,
/// "The upper bound", `max_price`). Words.
pub const RANGE_ENDS: &[&str] = &[
    "end", "ending", "high", "higher", "latest", "max", "maximum", "to", "until", "upper",
];

/// Prepositions that may be prose in a description rather than the end of a range it names
/// ("The function to be integrated"): they count in a parameter's name only. Words.
pub const RANGE_PREPOSITIONS: &[&str] = &["from", "to", "until"];

/// Stems that say a number measures a stay ("the length of the stay in number of days", "number
/// of nights"): its first and last day give it. Stems.
pub const STAY_WORDS: &[&str] = &["night", "stay"];

/// Prepositions a method's description puts before the thing a parameter takes ("the
/// population *of* a particular species *in* a given country"): the query's phrase after the same
/// one is that parameter's value. Words.
pub const SLOT_PREPOSITIONS: &[&str] = &[
    "about",
    "at",
    "by",
    "for",
    "from",
    "in",
    "of",
    "on",
    "regarding",
    "with",
];

/// Words a description writes between a preposition and a parameter's thing that leave the thing
/// open ("of *a particular* species", "in *a given* country"). Words.
pub const PLACEHOLDER_WORDS: &[&str] = &[
    "certain",
    "desired",
    "given",
    "particular",
    "provided",
    "specific",
    "specified",
];

/// Prepositions the last number of a list may repeat after its "and" ("the factorial of 5, and
/// also of 7"): the list still gives one parameter its values. Words.
pub const LIST_PREPOSITIONS: &[&str] = &["at", "by", "for", "in", "of", "with"];

/// The word before a number that makes it a range's low end ("over 4", "above 100"). Words.
pub const AT_LEAST_CUES: &[&str] = &["above", "exceeding", "least", "minimum", "over"];

/// The word before a number that makes it a range's high end ("under $100", "at most 3",
/// "within 5"). Words.
pub const AT_MOST_CUES: &[&str] = &["below", "maximum", "most", "under", "within"];

/// The last word of a parameter's name that makes it a latitude. Words, lowercase.
pub const LATITUDE_WORDS: &[&str] = &["lat", "latitude"];

/// The last word of a parameter's name that makes it a longitude. Words, lowercase.
pub const LONGITUDE_WORDS: &[&str] = &["lng", "lon", "long", "longitude"];

/// Words before a bound's cue that turn the bound over ("nothing above $40" is at most 40, "not
/// under 18" at least 18, "no more than 5" at most 5). Words.
pub const BOUND_DENIALS: &[&str] = &["never", "no", "none", "not", "nothing"];

/// Comparatives before "than" that make the number after it a low end ("more than 3"). Words.
pub const MORE_THAN: &[&str] = &[
    "bigger", "deeper", "greater", "heavier", "higher", "larger", "longer", "more", "older",
    "over", "stronger", "taller", "wider",
];

/// Comparatives before "than" that make the number after it a high end ("less than 30"). Words.
pub const LESS_THAN: &[&str] = &[
    "cheaper",
    "fewer",
    "less",
    "lighter",
    "lower",
    "shallower",
    "shorter",
    "smaller",
    "weaker",
    "younger",
];

/// Words that open a range of two numbers ("from 1 to 2", "between 10 and 20"). Words.
pub const RANGE_OPENERS: &[&str] = &["between", "from"];

/// Words that join a range's two ends ("1 to 2", "10 and 20", "5 through 9"). Words.
pub const RANGE_JOINERS: &[&str] = &["and", "through", "thru", "till", "to", "until"];

/// Plurals no suffix rule undoes, with their singulars ("two adults and one child" names the
/// `children`). Sorted by plural.
pub const IRREGULAR_PLURALS: &[(&str, &str)] = &[
    ("children", "child"),
    ("feet", "foot"),
    ("geese", "goose"),
    ("men", "man"),
    ("mice", "mouse"),
    ("people", "person"),
    ("teeth", "tooth"),
    ("women", "woman"),
];

/// Words that say a parameter takes a file pattern with wildcards (`*.md`, `report-??.csv`).
/// Words.
pub const GLOB_WORDS: &[&str] = &["glob", "wildcard", "wildcards"];

/// Keywords that open a database statement that only reads (`SELECT ...`, `WITH ... SELECT`,
/// `EXPLAIN ...`): written in a request, the statement from there on is the value of a
/// parameter that takes SQL. One that changes data (`DROP`, `DELETE`) is no value of a method
/// that reads. Words, upper case.
pub const READING_STATEMENTS: &[&str] = &["DESCRIBE", "EXPLAIN", "SELECT", "SHOW", "WITH"];

/// Words a parameter's name uses for a mathematical expression it takes as text (`function`,
/// `equation`, `polynomial`). Words.
pub const EXPRESSION_NAMES: &[&str] = &[
    "equation",
    "expr",
    "expression",
    "formula",
    "func",
    "function",
    "polynomial",
];

/// Words before a thing that leave which one open on purpose ("another file", "a specific
/// file", "a certain user"): lower case, sorted.
pub const UNNAMED_MARKERS: &[&str] = &["another", "certain", "different", "specific"];

/// Words a place parameter's description uses when it wants the region with the place ("in the
/// format 'City, State'"). Words.
pub const REGION_WORDS: &[&str] = &["country", "province", "region", "state"];

/// Auxiliaries that open a yes-or-no question when they come before their subject ("is 7919
/// prime?", "does it rain?"). Words.
pub const QUESTION_AUXILIARIES: &[&str] = &["are", "did", "do", "does", "is", "was", "were"];

/// Verbs in a form that agrees with a subject of their own ("... and has two rooms", "... and is
/// open late"), and wanting verbs ("I'm planning a movie night and want to watch something"):
/// none is put to the listener, so after "and" they carry the clause on. Words.
pub const FINITE_VERBS: &[&str] = &[
    "does", "had", "has", "is", "needs", "want", "wants", "was", "were",
];

/// Words with which a parameter's name says it takes one thing by an identifier (`projectId`,
/// `uuid`): lower case.
pub const ID_WORDS: &[&str] = &["id", "identifier", "uuid"];

/// Words of a parameter's description that make a bare `key` a credential or a record's key
/// ("Your API key", "The access key", "The unique key of the record"). Lowercase words.
pub const CREDENTIAL_WORDS: &[&str] = &[
    "access",
    "api",
    "auth",
    "authentication",
    "credential",
    "id",
    "identifier",
    "license",
    "licence",
    "primary",
    "private",
    "secret",
    "token",
    "unique",
];

/// Top-level domains common enough that a dotted word ending in one is a host ("example.org",
/// "plga.ca"), not a file ("summary.txt", "config.py", "notes.md"): generic ones and the
/// country codes most written, less those that are also common file extensions. Lowercase.
pub const TOP_LEVEL_DOMAINS: &[&str] = &[
    "ai", "app", "au", "biz", "br", "ca", "ch", "cloud", "cn", "co", "com", "de", "dev", "edu",
    "es", "eu", "fr", "gov", "in", "info", "io", "it", "jp", "ly", "me", "net", "nl", "online",
    "org", "ru", "se", "site", "tech", "tv", "uk", "us", "xyz",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searched_lists_are_sorted_for_binary_search() {
        for list in [
            STOPWORDS,
            MUTATING,
            DESTRUCTIVE,
            LEAD_INS,
            CHATTER,
            EVERY_ITEM,
            CHOICE_FILLERS,
        ] {
            assert!(
                list.windows(2).all(|w| w[0] < w[1]),
                "{:?}",
                list.windows(2).find(|w| w[0] >= w[1])
            );
        }
        assert!(LANGUAGES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(language_code("German"), Some("de"));
        assert_eq!(language_code("Klingon"), None);
        assert!(
            DESTRUCTIVE.iter().all(|v| MUTATING.contains(v)),
            "every destructive verb is mutating"
        );
        assert!(
            UNIT_DIMENSIONS
                .iter()
                .all(|(_, d)| DIMENSION_NAMES.iter().any(|(n, _)| n == d)),
            "every unit's dimension has the words that name it"
        );
        assert_eq!(unit_dimension("°C"), Some("temperature"));
        assert_eq!(unit_dimension("KM"), Some("length"));
        assert_eq!(
            unit_dimension("M"),
            None,
            "a one-letter unit is written in lower case"
        );
    }
}
