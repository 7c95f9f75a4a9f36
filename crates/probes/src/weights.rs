//! Every number the probe decides with, in one place. Each field says what it trades off; the
//! defaults are the product's ([`Weights::DEFAULT`]), and a suite run before and after any change
//! to one of them is the only evidence that the change is good.

/// The probe's numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    // Where a query word is found in a method's metadata, relative to its name (1.0).
    /// A word of the method's name.
    pub in_name: f64,
    /// A word of the method's description: nearly as telling as the name, but descriptions
    /// also mention what the method does not do.
    pub in_description: f64,
    /// A value a parameter accepts (an enum label): as telling as the name.
    pub in_enum_value: f64,
    /// A parameter's name: says what the method takes, less what it is about.
    pub in_param_name: f64,
    /// A parameter's description.
    pub in_param_text: f64,
    /// A parameter's example value.
    pub in_example: f64,
    /// A field of the method's output: what it returns, not what it is asked.
    pub in_output: f64,
    /// The tool's own title and description: shared by all its methods, so it tells little.
    pub in_tool: f64,
    /// Factor for the name, text, values and examples of a nested field.
    pub nested: f64,

    // How much each kind of query word counts toward coverage.
    /// A near form ("gain" for "gainer") of a metadata word, relative to that word's weight.
    pub near_form: f64,
    /// A word alike in meaning ("film" for "movie", from the semantic table), per unit of
    /// similarity, relative to that metadata word's weight: below a shared word, because similar
    /// is not the same ("retweet" is close to "tweet").
    pub kin: f64,
    /// Similarity from which two words count as alike: lower reaches more paraphrases and lets
    /// more merely related words ("forecast" and "weather", 0.5) pass for the same.
    pub kin_floor: f32,
    /// Similarity from which a word of the thing a request asks for ("forecast" in "get the
    /// forecast") is within a method's domain when its metadata does not name it: lower lets
    /// more methods serve a request for something they only relate to ("price" is 0.19 from
    /// "weather").
    pub asked_related: f32,
    /// Chatter ("maybe", "something nice"), relative to a content word of the same rarity: it is
    /// in the request, but no tool is expected to cover it.
    pub chatter: f64,
    /// A word of the context a request gives (its statements beside the ask, the reason it
    /// gives), relative to a word of the ask: context explains a request, so it barely counts
    /// against a method that serves the ask; higher lets a long explanation sink a served ask.
    pub context: f64,
    /// The most all of a request's context weighs together, as a share of what its ask weighs:
    /// however long the explanation ("My family is having trouble processing the horrible gas
    /// explosion ... we witnessed"), it cannot outweigh the ask it explains; higher lets a long
    /// story sink a short ask again.
    pub context_share: f64,
    /// A word whose token the method's schema recognises by a declared pattern.
    pub pattern: f64,
    /// A value word (a name or a number the method could take as an argument).
    pub value: f64,
    /// Coverage the method's own metadata must reach before values and, for a search method,
    /// unnamed topics are credited: names alone must not make an unrelated method look relevant.
    pub anchor: f64,
    /// Share of what is left uncovered credited to a method that searches free text.
    pub free_text_credit: f64,
    /// Bonus per share of the query found in the method's name, so that of two methods covering
    /// the same words the one named for them ranks first.
    pub name_bonus: f64,
    /// Factor on the score of a method whose name leads with a verb that changes things, when the
    /// request only reads.
    pub mutating_name_penalty: f64,

    // Thresholds.
    /// Coverage a method needs to be viable: lower answers more and misses less, at the price of
    /// answering with a method that serves only part of the request.
    pub viable_coverage: f64,
    /// A viable method stays in contention for the ambiguity pool when its score is at least this
    /// fraction of the best: higher asks less and guesses more.
    pub pool_margin: f64,
    /// Coverage at which the best method is adequate rather than partial.
    pub adequate_coverage: f64,
    /// Coverage at which a method that is not query-safe is what the request asks for (an
    /// execute-only miss rather than an unrelated one).
    pub execute_only_coverage: f64,
    /// Weight at which a verb in a method's metadata says the method does that verb.
    pub names_verb: f64,
    /// Tokens within this distance of a parameter's own words tie a name or a number to that
    /// parameter: wider binds more values, and more of them to the wrong parameter.
    pub near_tokens: usize,
}

impl Weights {
    /// The product's numbers.
    pub const DEFAULT: Weights = Weights {
        in_name: 1.0,
        in_description: 0.9,
        in_enum_value: 1.0,
        in_param_name: 0.7,
        in_param_text: 0.6,
        in_example: 0.6,
        in_output: 0.5,
        in_tool: 0.5,
        nested: 0.7,
        near_form: 0.8,
        kin: 0.5,
        kin_floor: text::semantic::ALIKE,
        asked_related: text::semantic::RELATED,
        chatter: 0.25,
        context: 0.1,
        context_share: 0.25,
        pattern: 0.9,
        value: 0.8,
        anchor: 0.2,
        free_text_credit: 0.5,
        name_bonus: 0.1,
        mutating_name_penalty: 0.75,
        viable_coverage: 0.5,
        pool_margin: 0.8,
        adequate_coverage: 0.75,
        execute_only_coverage: 0.5,
        names_verb: 0.9,
        near_tokens: 4,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Self::DEFAULT
    }
}
