//! The Daily Bench history kept on the device: each day's results per mode, which one counted, and the streaks; as capped, tolerant JSON text.

use std::fmt;

use super::daily_edition;
use crate::calendar::Date;
use crate::rank::Rank;
use crate::record::{read_rules, stored_rules};
use crate::referee::{Edition, Mode};
use molscrab_json::{Map, Value};

/// The format this build reads and writes.
pub const FORMAT: &str = "molscrab-daily-history/1";

/// Results kept in all; past this the oldest days go first. Two modes a day for seven years
/// fit, and the text stays far under the JSON reader's caps.
pub const MAX_RESULTS: usize = 5_000;

/// Practice results kept per day and mode (the newest).
pub const MAX_PRACTICE_PER_DAY: usize = 9;

/// Whether a game is the day's counted attempt or practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attempt {
    /// The first game of the day in this mode: its score is the day's.
    Counted,
    /// A replay of a day already begun: kept, marked as practice, in no streak.
    Practice,
}

/// One game of a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyResult {
    pub date: Date,
    pub mode: Mode,
    /// The final score; `None` while the counted game is still being played (or was left).
    pub score: Option<i32>,
    pub counted: bool,
    /// The edition of the chemist's rules the game was played under (the day's:
    /// [`super::daily_edition`]), written as `"chemist_rules"` as a record writes it
    /// ([`stored_rules`]); a result without it was played under [`Edition::Atoms`], as is every
    /// result under the other referees.
    pub edition: Edition,
}

impl DailyResult {
    pub fn rank(&self) -> Option<Rank> {
        self.score.map(Rank::from_score)
    }

    fn to_value(self) -> Value {
        let mut value = Value::object([
            ("date", self.date.to_string().into()),
            ("mode", self.mode.code().into()),
            ("score", self.score.into()),
            ("rank", self.rank().map(Rank::name).into()),
            ("counted", self.counted.into()),
        ]);
        if let (Some(number), Value::Object(map)) =
            (stored_rules(self.mode, self.edition), &mut value)
        {
            map.insert("chemist_rules".to_string(), number.into());
        }
        value
    }

    // sorted by date, then referee, the counted result first; practice keeps its order
    fn key(&self) -> (Date, Mode, bool) {
        (self.date, self.mode, !self.counted)
    }
}

/// Current and longest streak: consecutive dates with a finished counted game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// The run ending today, or yesterday when today's game is not finished yet (the streak
    /// is still alive until today ends).
    pub current: u32,
    pub longest: u32,
}

/// Why history text can't be fully read; `Display` says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// Not JSON, or beyond one of the reader's caps.
    NotJson(String),
    NotAnObject,
    UnknownFormat(String),
    /// `results` missing or not a list.
    NoResults,
    TooMany(usize),
    /// Result N (from 0) is not a result: says why.
    BadResult {
        index: usize,
        why: String,
    },
    /// Two counted results for one day and mode.
    TwoCounted {
        date: Date,
        mode: Mode,
    },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::NotJson(why) => {
                write!(out, "The Daily Bench history is not JSON ({why}).")
            }
            HistoryError::NotAnObject => {
                out.write_str("The Daily Bench history should be a JSON object.")
            }
            HistoryError::UnknownFormat(format) if format.is_empty() => {
                out.write_str("The Daily Bench history has no \"format\".")
            }
            HistoryError::UnknownFormat(format) => write!(
                out,
                "The Daily Bench history has format \"{format}\"; this version reads \"{FORMAT}\"."
            ),
            HistoryError::NoResults => {
                out.write_str("The Daily Bench history has no \"results\" list.")
            }
            HistoryError::TooMany(n) => write!(
                out,
                "The Daily Bench history holds {n} results, more than the {MAX_RESULTS} kept."
            ),
            HistoryError::BadResult { index, why } => write!(
                out,
                "Result {} of the Daily Bench history can't be read: {why}.",
                index + 1
            ),
            HistoryError::TwoCounted { date, mode } => write!(
                out,
                "The Daily Bench history counts two {} games on {date}; only one counts.",
                mode.code()
            ),
        }
    }
}

impl std::error::Error for HistoryError {}

/// Every Daily Bench game played on this device.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DailyHistory {
    // sorted by `DailyResult::key`; at most one counted result per (date, mode)
    results: Vec<DailyResult>,
    // results of a referee this build does not know (a newer build's), kept as they were read
    // and written back after the others, so that no build loses another's days
    foreign: Vec<Value>,
}

/// Longest referee code a result of an unknown referee may carry to be kept (anything longer
/// is not a referee's code).
const MAX_FOREIGN_CODE: usize = 32;

// why a result was not read as one of ours
enum Unread {
    /// Not a result: says why.
    Bad(String),
    /// A well-formed result of a referee this build does not know.
    Foreign,
}

impl From<&str> for Unread {
    fn from(why: &str) -> Unread {
        Unread::Bad(why.to_string())
    }
}

impl From<String> for Unread {
    fn from(why: String) -> Unread {
        Unread::Bad(why)
    }
}

// a mode this build does not read: a newer build's referee when it looks like a code (short,
// lower-case letters, digits and dashes), else a result that is not one
fn unknown_mode(code: &str) -> Unread {
    let looks_like_a_code = !code.is_empty()
        && code.len() <= MAX_FOREIGN_CODE
        && code
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if looks_like_a_code {
        Unread::Foreign
    } else {
        let codes: Vec<&str> = Mode::ALL.iter().map(|m| m.code()).collect();
        Unread::Bad(format!("\"mode\" should be one of {}", codes.join(", ")))
    }
}

fn read_result(value: &Value) -> Result<DailyResult, Unread> {
    let object = value.as_object().ok_or("it is not an object")?;
    let date = object
        .get("date")
        .and_then(Value::as_str)
        .ok_or("no \"date\" text")?;
    let date = Date::parse(date).map_err(|e| e.to_string())?;
    let counted = object
        .get("counted")
        .and_then(Value::as_bool)
        .ok_or("\"counted\" should be true or false")?;
    let score = match object.get("score") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or("\"score\" should be a whole number or null")?,
        ),
    };
    let mode = match object.get("mode").and_then(Value::as_str) {
        Some(code) => code.parse::<Mode>().map_err(|_| unknown_mode(code))?,
        None => return Err(Unread::Bad("no \"mode\" text".to_string())),
    };
    // a chemist's result names the edition of the rules it was played under (none: the
    // first); one of a newer build's editions is kept as it is, as a newer referee's is
    let stored = match (mode, object.get("chemist_rules")) {
        (Mode::Standard | Mode::Theory, _) | (Mode::Chemist, None) => None,
        (Mode::Chemist, Some(number)) => {
            let number = number
                .as_u64()
                .ok_or("\"chemist_rules\" should be the number of an edition of the rules")?;
            Some(Edition::from_number(number).ok_or(Unread::Foreign)?)
        }
    };
    // "rank" is written for people reading the text; it is the score's, so it is not read
    Ok(DailyResult {
        date,
        mode,
        score,
        counted,
        edition: read_rules(mode, stored),
    })
}

/// What merging a history kept aside brought back ([`DailyHistory::merge`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Counted days (a date and referee) the history did not have.
    pub counted: usize,
    /// Counted days both had with different results: the copy's counts, the other is practice.
    pub replaced: usize,
    /// Practice games the history did not have.
    pub practice: usize,
}

impl Merged {
    /// Whether anything came back.
    pub fn is_empty(&self) -> bool {
        *self == Merged::default()
    }
}

impl DailyHistory {
    pub fn new() -> DailyHistory {
        DailyHistory::default()
    }

    /// Reads history as [`DailyHistory::to_json`] writes it; the error says what is wrong.
    /// Unknown keys are ignored, and a result of a referee this build does not know is kept
    /// as it is, to be written back.
    pub fn parse(text: &str) -> Result<DailyHistory, HistoryError> {
        let value = molscrab_json::parse(text).map_err(|e| HistoryError::NotJson(e.to_string()))?;
        let object = value.as_object().ok_or(HistoryError::NotAnObject)?;
        match object.get("format").and_then(Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => return Err(HistoryError::UnknownFormat(other.to_string())),
            None => return Err(HistoryError::UnknownFormat(String::new())),
        }
        let items = object
            .get("results")
            .and_then(Value::as_array)
            .ok_or(HistoryError::NoResults)?;
        if items.len() > MAX_RESULTS {
            return Err(HistoryError::TooMany(items.len()));
        }
        let mut history = DailyHistory::new();
        for (index, item) in items.iter().enumerate() {
            let result = match read_result(item) {
                Ok(result) => result,
                Err(Unread::Foreign) => {
                    history.foreign.push(item.clone());
                    continue;
                }
                Err(Unread::Bad(why)) => return Err(HistoryError::BadResult { index, why }),
            };
            if result.counted && history.counted(result.date, result.mode).is_some() {
                return Err(HistoryError::TwoCounted {
                    date: result.date,
                    mode: result.mode,
                });
            }
            history.insert(result);
        }
        Ok(history)
    }

    /// Reads what it can: unreadable results are skipped, a second counted result for a day
    /// is kept as practice, and past the caps the oldest go. Never fails, since losing one
    /// result is better than refusing to start; [`DailyHistory::parse`] says what was wrong.
    pub fn parse_lenient(text: &str) -> DailyHistory {
        let mut history = DailyHistory::new();
        // a text that is not JSON, or past the reader's caps, is read as nothing
        let Ok(value) = molscrab_json::parse(text) else {
            return history;
        };
        let Some(items) = value.get("results").and_then(Value::as_array) else {
            return history;
        };
        for item in items {
            match read_result(item) {
                Ok(mut result) => {
                    if result.counted && history.counted(result.date, result.mode).is_some() {
                        result.counted = false;
                    }
                    history.insert(result);
                }
                Err(Unread::Foreign) => history.keep_foreign(item.clone()),
                Err(Unread::Bad(_)) => {}
            }
        }
        history
    }

    fn keep_foreign(&mut self, item: Value) {
        self.foreign.push(item);
        self.trim();
    }

    /// Brings back the results of a history kept aside (`copy`, read again by this build): a
    /// counted day this history lacks is added; where both count a day (a date and referee)
    /// with different results, the copy's stays counted and this one's becomes practice (an
    /// unfinished one is dropped); practice games this history lacks are added, and results
    /// of referees this build does not know are kept. Merging the same copy again changes
    /// nothing.
    pub fn merge(&mut self, copy: &DailyHistory) -> Merged {
        let mut merged = Merged::default();
        for result in copy.results.iter().filter(|r| r.counted) {
            match self.position_counted(result.date, result.mode) {
                Some(at) if self.results[at] == *result => {}
                Some(at) => {
                    let mine = self.results.remove(at);
                    self.insert(*result);
                    if mine.score.is_some() {
                        self.insert(DailyResult {
                            counted: false,
                            ..mine
                        });
                    }
                    merged.replaced += 1;
                }
                None => {
                    self.insert(*result);
                    merged.counted += 1;
                }
            }
        }
        // practice: as many of each (date, referee, score) as the copy has and this lacks
        let mut practice: Vec<&DailyResult> = copy.results.iter().filter(|r| !r.counted).collect();
        practice.dedup();
        for result in practice {
            let same = |r: &&DailyResult| **r == *result;
            let have = self.results.iter().filter(same).count();
            let want = copy.results.iter().filter(same).count();
            for _ in have..want {
                self.insert(*result);
                merged.practice += 1;
            }
        }
        for item in &copy.foreign {
            if !self.foreign.contains(item) {
                self.keep_foreign(item.clone());
            }
        }
        merged
    }

    /// `{"format":"molscrab-daily-history/1","results":[{"date":"2026-11-30","mode":"theory",
    /// "score":212,"rank":"Research Chemist","counted":true},…]}`, oldest first; results of a
    /// referee this build does not know last, as they were read.
    pub fn to_json(&self) -> String {
        let mut map = Map::new();
        map.insert("format".to_string(), FORMAT.into());
        let ours = self.results.iter().map(|r| r.to_value());
        map.insert(
            "results".to_string(),
            Value::Array(ours.chain(self.foreign.iter().cloned()).collect()),
        );
        Value::Object(map).to_string()
    }

    /// Every result of a referee this build knows, oldest day first; on a day in [`Mode`]'s
    /// order, the counted one first.
    pub fn results(&self) -> &[DailyResult] {
        &self.results
    }

    /// A day's counted result in a mode (its score is `None` while that game is unfinished).
    pub fn counted(&self, date: Date, mode: Mode) -> Option<&DailyResult> {
        self.position_counted(date, mode)
            .map(|at| &self.results[at])
    }

    // the results are sorted by key, and a counted result's key is unique
    fn position_counted(&self, date: Date, mode: Mode) -> Option<usize> {
        let key = (date, mode, false);
        self.results.binary_search_by(|r| r.key().cmp(&key)).ok()
    }

    /// What a game of this day and mode started now would be.
    pub fn attempt(&self, date: Date, mode: Mode) -> Attempt {
        if self.counted(date, mode).is_some() {
            Attempt::Practice
        } else {
            Attempt::Counted
        }
    }

    /// A game of the day starts: the first one is the counted attempt, and it is written down
    /// at once (unfinished), so that leaving it and starting again makes the next one practice.
    pub fn begin(&mut self, date: Date, mode: Mode) -> Attempt {
        let attempt = self.attempt(date, mode);
        if attempt == Attempt::Counted {
            self.insert(DailyResult {
                date,
                mode,
                score: None,
                counted: true,
                edition: daily_edition(date, mode),
            });
        }
        attempt
    }

    /// A game of the day ended with this final score. A counted attempt sets the day's score
    /// (once: a counted result already finished is not overwritten, and the game is kept as
    /// practice); practice is added, the newest [`MAX_PRACTICE_PER_DAY`] kept.
    pub fn finish(&mut self, date: Date, mode: Mode, score: i32, attempt: Attempt) {
        if attempt == Attempt::Counted {
            match self
                .position_counted(date, mode)
                .and_then(|at| self.results.get_mut(at))
            {
                Some(r) if r.score.is_none() => {
                    r.score = Some(score);
                    return;
                }
                Some(_) => {}
                None => {
                    self.insert(DailyResult {
                        date,
                        mode,
                        score: Some(score),
                        counted: true,
                        edition: daily_edition(date, mode),
                    });
                    return;
                }
            }
        }
        self.insert(DailyResult {
            date,
            mode,
            score: Some(score),
            counted: false,
            edition: daily_edition(date, mode),
        });
    }

    /// [`DailyHistory::begin`] and [`DailyHistory::finish`] at once, for a game started and
    /// ended without anything between; returns what it counted as.
    pub fn record(&mut self, date: Date, mode: Mode, score: i32) -> Attempt {
        let attempt = self.begin(date, mode);
        self.finish(date, mode, score, attempt);
        attempt
    }

    fn insert(&mut self, result: DailyResult) {
        let key = result.key();
        // after every result of the same key: practice keeps the order it was played in
        let at = self.results.partition_point(|r| r.key() <= key);
        self.results.insert(at, result);
        if !result.counted {
            // the same day's practice sits just before it, oldest first
            let first = self.results.partition_point(|r| r.key() < key);
            if at + 1 - first > MAX_PRACTICE_PER_DAY {
                self.results.remove(first);
            }
        }
        self.trim();
    }

    // past the cap, the oldest of our results go first, then the oldest kept of other builds
    fn trim(&mut self) {
        while self.results.len() + self.foreign.len() > MAX_RESULTS {
            if self.results.is_empty() {
                self.foreign.remove(0);
            } else {
                self.results.remove(0);
            }
        }
    }

    /// Current and longest streak of dates with a finished counted game, in one mode or
    /// (`None`) in either.
    pub fn streaks(&self, today: Date, mode: Option<Mode>) -> Streaks {
        let mut days: Vec<i64> = self
            .results
            .iter()
            .filter(|r| r.counted && r.score.is_some() && mode.is_none_or(|m| r.mode == m))
            .map(|r| r.date.days_since_epoch())
            .collect();
        // sorted by date already; both modes on one day make one day
        days.dedup();
        let mut longest = 0u32;
        let mut run = 0u32;
        let mut last: Option<i64> = None;
        for &day in &days {
            run = if last == Some(day - 1) { run + 1 } else { 1 };
            longest = longest.max(run);
            last = Some(day);
        }
        let today = today.days_since_epoch();
        let end = if days.binary_search(&today).is_ok() {
            today
        } else {
            today - 1
        };
        let mut current = 0u32;
        let mut day = end;
        while days.binary_search(&day).is_ok() {
            current += 1;
            day -= 1;
        }
        Streaks { current, longest }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    use crate::calendar::test_date as date;

    fn played(days: &[&str]) -> DailyHistory {
        let mut history = DailyHistory::new();
        for day in days {
            history.record(date(day), Mode::Theory, 100);
        }
        history
    }

    #[test]
    fn the_first_game_of_the_day_counts_and_replays_are_practice() {
        let mut history = DailyHistory::new();
        let day = date("2026-11-30");
        assert_eq!(history.attempt(day, Mode::Theory), Attempt::Counted);
        assert_eq!(history.record(day, Mode::Theory, 212), Attempt::Counted);
        assert_eq!(history.attempt(day, Mode::Theory), Attempt::Practice);
        assert_eq!(history.record(day, Mode::Theory, 300), Attempt::Practice);
        // the other mode has a counted game of its own
        assert_eq!(history.record(day, Mode::Standard, 40), Attempt::Counted);
        let counted = history.counted(day, Mode::Theory).copied();
        assert_eq!(
            counted,
            Some(DailyResult {
                date: day,
                mode: Mode::Theory,
                score: Some(212),
                counted: true,
                edition: Edition::Atoms,
            })
        );
        assert_eq!(counted.and_then(|r| r.rank()), Some(Rank::ResearchChemist));
        let practice: Vec<_> = history.results().iter().filter(|r| !r.counted).collect();
        assert_eq!(practice.len(), 1);
        assert_eq!(practice[0].score, Some(300));
    }

    #[test]
    fn leaving_the_counted_game_makes_the_next_one_practice() {
        let mut history = DailyHistory::new();
        let day = date("2026-11-30");
        assert_eq!(history.begin(day, Mode::Theory), Attempt::Counted);
        // started, not finished: no score, and no streak yet
        assert_eq!(
            history.counted(day, Mode::Theory).map(|r| r.score),
            Some(None)
        );
        assert_eq!(history.streaks(day, None), Streaks::default());
        assert_eq!(history.begin(day, Mode::Theory), Attempt::Practice);
        history.finish(day, Mode::Theory, 500, Attempt::Practice);
        // the counted game, resumed and finished later, still sets the day's score
        history.finish(day, Mode::Theory, 180, Attempt::Counted);
        assert_eq!(
            history.counted(day, Mode::Theory).and_then(|r| r.score),
            Some(180)
        );
        // a counted score is set once; a second "counted" finish is kept as practice
        history.finish(day, Mode::Theory, 999, Attempt::Counted);
        assert_eq!(
            history.counted(day, Mode::Theory).and_then(|r| r.score),
            Some(180)
        );
        assert_eq!(history.results().len(), 3);
        assert_eq!(
            history.streaks(day, None),
            Streaks {
                current: 1,
                longest: 1
            }
        );
    }

    #[test]
    fn streaks_run_across_month_and_year_ends() {
        let history = played(&[
            "2026-11-29",
            "2026-11-30",
            "2026-12-01",
            "2026-12-30",
            "2026-12-31",
            "2027-01-01",
            "2027-01-02",
        ]);
        assert_eq!(
            history.streaks(date("2027-01-02"), None),
            Streaks {
                current: 4,
                longest: 4
            }
        );
        // today not played yet: the streak ending yesterday is still current
        assert_eq!(history.streaks(date("2027-01-03"), None).current, 4);
        // a day missed: it is broken
        assert_eq!(
            history.streaks(date("2027-01-04"), None),
            Streaks {
                current: 0,
                longest: 4
            }
        );
    }

    #[test]
    fn streaks_cross_leap_days_and_count_each_day_once() {
        let mut history = played(&["2028-02-28", "2028-02-29", "2028-03-01"]);
        // both modes on one day are one day of the streak
        history.record(date("2028-02-29"), Mode::Standard, 10);
        assert_eq!(
            history.streaks(date("2028-03-01"), None),
            Streaks {
                current: 3,
                longest: 3
            }
        );
        // in Standard Mode alone, yesterday's game is a streak of one, still alive today
        assert_eq!(
            history.streaks(date("2028-03-01"), Some(Mode::Standard)),
            Streaks {
                current: 1,
                longest: 1
            }
        );
        assert_eq!(
            history
                .streaks(date("2028-03-02"), Some(Mode::Standard))
                .current,
            0
        );
        // 2027 has no 29 February: 28 February to 1 March is two days in a row
        let plain = played(&["2027-02-28", "2027-03-01"]);
        assert_eq!(plain.streaks(date("2027-03-01"), None).current, 2);
    }

    #[test]
    fn practice_games_make_no_streak() {
        let mut history = played(&["2026-11-29"]);
        history.record(date("2026-11-29"), Mode::Theory, 10);
        history.finish(date("2026-11-30"), Mode::Theory, 10, Attempt::Practice);
        assert_eq!(
            history.streaks(date("2026-11-30"), None),
            Streaks {
                current: 1,
                longest: 1
            }
        );
    }

    #[test]
    fn history_round_trips_through_its_json() {
        let mut history = played(&["2026-12-31", "2027-01-01"]);
        history.record(date("2026-12-31"), Mode::Theory, -5);
        history.begin(date("2027-01-02"), Mode::Standard);
        let text = history.to_json();
        assert!(
            text.starts_with(
                r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-31","mode":"theory","score":100,"rank":"Lab Technician","counted":true}"#
            ),
            "{text}"
        );
        assert!(text.contains(r#""score":null,"rank":null,"counted":true"#));
        assert_eq!(DailyHistory::parse(&text), Ok(history.clone()));
        assert_eq!(DailyHistory::parse_lenient(&text), history);
    }

    #[test]
    fn corrupt_history_says_what_is_wrong_and_reads_what_it_can() {
        let good = r#"{"date":"2026-11-30","mode":"theory","score":50,"counted":true}"#;
        let cases = [
            ("garbage".to_string(), "not JSON"),
            ("[]".to_string(), "JSON object"),
            (r#"{"results":[]}"#.to_string(), "has no \"format\""),
            (
                r#"{"format":"other/9","results":[]}"#.to_string(),
                "other/9",
            ),
            (
                r#"{"format":"molscrab-daily-history/1"}"#.to_string(),
                "no \"results\"",
            ),
            (
                format!(
                    r#"{{"format":"molscrab-daily-history/1","results":[{good},{{"date":"2026-02-30","mode":"theory","score":1,"counted":false}}]}}"#
                ),
                "Result 2 of the Daily Bench history can't be read: 2026-02-30 is not a date",
            ),
            (
                format!(
                    r#"{{"format":"molscrab-daily-history/1","results":[{good},{{"date":"2026-11-29","mode":"Chess!","counted":true}}]}}"#
                ),
                "\"mode\" should be one of standard, chemist, theory",
            ),
            (
                format!(
                    r#"{{"format":"molscrab-daily-history/1","results":[{good},{{"date":"2026-11-29","mode":"theory","score":1.5,"counted":true}}]}}"#
                ),
                "\"score\"",
            ),
            (
                format!(r#"{{"format":"molscrab-daily-history/1","results":[{good},{good}]}}"#),
                "counts two theory games on 2026-11-30",
            ),
        ];
        for (text, why) in &cases {
            match DailyHistory::parse(text) {
                Ok(h) => panic!("{text} read as {h:?}"),
                Err(e) => assert!(e.to_string().contains(why), "{text}: {e}"),
            }
            // leniently, the good result is kept wherever there is one
            let lenient = DailyHistory::parse_lenient(text);
            let expect =
                usize::from(text.contains("2026-11-30\",\"mode\":\"theory\",\"score\":50"));
            assert_eq!(
                lenient.results().iter().filter(|r| r.counted).count(),
                expect,
                "{text}"
            );
        }
        // a second counted game for one day is read as practice
        let twice = &cases[cases.len() - 1].0;
        let lenient = DailyHistory::parse_lenient(twice);
        assert_eq!(lenient.results().len(), 2);
        assert_eq!(lenient.results().iter().filter(|r| r.counted).count(), 1);
    }

    const THREE: &str = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-05","mode":"chemist","score":90,"rank":"Lab Technician","counted":true},{"date":"2026-12-06","mode":"chemist","score":120,"rank":"Lab Technician","counted":true},{"date":"2026-12-07","mode":"standard","score":40,"rank":"Lab Assistant","counted":true},{"date":"2026-12-07","mode":"chemist","score":150,"rank":"Research Chemist","counted":true},{"date":"2026-12-07","mode":"theory","score":212,"rank":"Research Chemist","counted":true}]}"#;

    #[test]
    fn each_referee_counts_its_own_result_of_the_day() {
        let history = match DailyHistory::parse(THREE) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        let day = date("2026-12-07");
        for (mode, score) in [
            (Mode::Standard, 40),
            (Mode::Theory, 212),
            (Mode::Chemist, 150),
        ] {
            assert_eq!(
                history.counted(day, mode).and_then(|r| r.score),
                Some(score),
                "{mode:?}"
            );
            assert_eq!(history.attempt(day, mode), Attempt::Practice);
        }
        assert_eq!(
            history.streaks(day, Some(Mode::Chemist)),
            Streaks {
                current: 3,
                longest: 3
            }
        );
        assert_eq!(history.streaks(day, Some(Mode::Theory)).current, 1);
        // a day of the three is one day of the streak in all
        assert_eq!(history.streaks(day, None).current, 3);
        // played in another order, the same history
        let mut again = DailyHistory::new();
        again.record(day, Mode::Chemist, 150);
        again.record(day, Mode::Theory, 212);
        again.record(day, Mode::Standard, 40);
        again.record(date("2026-12-06"), Mode::Chemist, 120);
        again.record(date("2026-12-05"), Mode::Chemist, 90);
        assert_eq!(again, history);
        assert_eq!(again.to_json(), THREE);
    }

    #[test]
    fn a_referee_this_build_does_not_know_is_kept_and_written_back() {
        let text = THREE.replace(
            r#""results":["#,
            r#""results":[{"date":"2026-12-04","mode":"alchemist","score":77,"counted":true,"new":[1]},"#,
        );
        let history = match DailyHistory::parse(&text) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(history.results().len(), 5);
        assert!(history
            .results()
            .iter()
            .all(|r| r.date != date("2026-12-04")));
        let written = history.to_json();
        assert!(
            written.ends_with(
                r#"{"date":"2026-12-04","mode":"alchemist","score":77,"counted":true,"new":[1]}]}"#
            ),
            "{written}"
        );
        assert_eq!(DailyHistory::parse(&written), Ok(history.clone()));
        assert_eq!(DailyHistory::parse_lenient(&written), history);
        // a day played here keeps it too
        let mut played = history.clone();
        played.record(date("2026-12-08"), Mode::Theory, 5);
        assert!(played.to_json().contains("alchemist"));
    }

    #[test]
    fn a_history_kept_aside_merges_back_once() {
        // what the build before this one did: the chemist's days read as nothing, the rest
        // kept; then today's Theory bench played again as the counted game
        let copy = match DailyHistory::parse(THREE) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        let day = date("2026-12-07");
        let mut live = DailyHistory::new();
        live.record(day, Mode::Standard, 40);
        live.record(day, Mode::Theory, 300);
        // the chemist's bench, offered as waiting, begun again and left
        live.begin(day, Mode::Chemist);
        let merged = live.merge(&copy);
        assert_eq!(
            merged,
            Merged {
                counted: 2,
                replaced: 2,
                practice: 0
            }
        );
        // the copy's results count; the live Theory game is practice, the unfinished chemist
        // one is gone
        assert_eq!(
            live.counted(day, Mode::Theory).and_then(|r| r.score),
            Some(212)
        );
        assert_eq!(
            live.counted(day, Mode::Chemist).and_then(|r| r.score),
            Some(150)
        );
        let practice: Vec<_> = live.results().iter().filter(|r| !r.counted).collect();
        assert_eq!(practice.len(), 1);
        assert_eq!(
            (practice[0].mode, practice[0].score),
            (Mode::Theory, Some(300))
        );
        assert_eq!(live.streaks(day, Some(Mode::Chemist)).current, 3);
        // again: nothing changes
        let before = live.clone();
        assert!(live.merge(&copy).is_empty());
        assert_eq!(live, before);
        // practice comes back as many times as the copy had it, once
        let mut copy = copy;
        copy.finish(day, Mode::Standard, 7, Attempt::Practice);
        copy.finish(day, Mode::Standard, 7, Attempt::Practice);
        assert_eq!(live.merge(&copy).practice, 2);
        assert!(live.merge(&copy).is_empty());
    }

    #[test]
    fn history_is_capped() {
        // practice: the newest few per day
        let mut history = played(&["2026-11-30"]);
        for score in 0..20 {
            history.finish(date("2026-11-30"), Mode::Theory, score, Attempt::Practice);
        }
        let practice: Vec<i32> = history
            .results()
            .iter()
            .filter(|r| !r.counted)
            .filter_map(|r| r.score)
            .collect();
        assert_eq!(practice, (11..20).collect::<Vec<_>>());
        // in all: the oldest days go first
        let mut long = DailyHistory::new();
        let mut day = date("2010-01-01");
        for _ in 0..MAX_RESULTS + 10 {
            long.record(day, Mode::Theory, 1);
            day = day.next().unwrap_or(Date::MAX);
        }
        assert_eq!(long.results().len(), MAX_RESULTS);
        assert_eq!(
            long.results().first().map(|r| r.date),
            date("2010-01-01")
                .days_since_epoch()
                .checked_add(10)
                .and_then(Date::from_days_since_epoch)
        );
        // a text with more results than that is refused, and read leniently up to the cap
        let text = long.to_json().replacen(
            "\"results\":[",
            "\"results\":[{\"date\":\"2001-01-01\",\"mode\":\"theory\",\"score\":3,\"counted\":true},",
            1,
        );
        assert_eq!(
            DailyHistory::parse(&text),
            Err(HistoryError::TooMany(MAX_RESULTS + 1))
        );
        assert_eq!(
            DailyHistory::parse_lenient(&text).results().len(),
            MAX_RESULTS
        );
        // past the JSON reader's own caps: refused, and read as nothing, never a panic
        let huge = format!(
            r#"{{"format":"molscrab-daily-history/1","results":[{}]}}"#,
            vec!["1"; molscrab_json::MAX_ITEMS + 1].join(",")
        );
        assert!(matches!(
            DailyHistory::parse(&huge),
            Err(HistoryError::NotJson(_))
        ));
        assert_eq!(DailyHistory::parse_lenient(&huge), DailyHistory::new());
    }
}
