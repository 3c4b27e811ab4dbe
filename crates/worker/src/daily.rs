//! The Daily Bench for the page (RULES §10): the day's bag, the history kept on the device, the
//! streaks and the share text, all answered here so that none of it weighs on the first load.
//! The page hands over the local date and the history's stored text and keeps what comes back:
//! it stores the history text through its own storage seam and shows what comes back as text.
//!
//! `{"op": "daily", "step": "entry" | "begin" | "finish", "date": "YYYY-MM-DD",
//! "mode": "theory" | "standard" | "chemist", "history": text or null (`Value::long_string`), "save": the
//! game's save text at its end (finish only; its "ui" part, written by begin, gives the day and
//! whether it is practice, so date and mode may then be left out) — or "record" and "practice"
//! instead}` answers `{"entry": the Play tab's section as data (see [`entry`]), "history": text, "save": the day's
//! save to open (begin only: the record, and `{"daily": {"date", "practice"}}` as its "ui"),
//! "record", "practice" (begin only), "share": the share text (finish only), "corrupt": why (only when the history text could not be read: the page
//! keeps it aside first), "merged" (only when copies of the history kept aside earlier, sent as
//! "aside", were read and merged back: see [`merge_aside`])}`.

use molscrab_engine::calendar::{Date, MONTH_NAMES};
use molscrab_engine::daily::history::{Attempt, DailyHistory, Merged};
use molscrab_engine::daily::share::share_text;
use molscrab_engine::daily::{self};
use molscrab_engine::game::Game;
use molscrab_engine::rank::Rank;
use molscrab_engine::record::GameRecord;
use molscrab_engine::referee::Mode;
use molscrab_json::{Map, Value};

/// Days of scores the entry lists, newest first.
pub const RECENT_DAYS: usize = 7;

fn field<'a>(request: &'a Value, key: &str) -> Result<&'a str, String> {
    request
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("the request has no \"{key}\""))
}

fn mode_of(request: &Value) -> Result<Mode, String> {
    field(request, "mode")?.parse()
}

/// "Monday 30 November 2026".
pub fn long_date(date: Date) -> String {
    // 1 January 1970, day 0, was a Thursday
    const DAYS: [&str; 7] = [
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
    ];
    let weekday = DAYS[date.days_since_epoch().rem_euclid(7) as usize];
    let month = MONTH_NAMES[usize::from(date.month().clamp(1, 12)) - 1];
    format!("{weekday} {} {month} {}", date.day(), date.year())
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The Play tab's Daily Bench section as data: today's date in words and the referee's name,
/// whether today's attempt is done (and its score) in a sentence, the streaks, and the last
/// days' scores (`[[date, score in words], …]`, newest first). The page shows them as text.
pub fn entry(history: &DailyHistory, today: Date, mode: Mode) -> Value {
    let done = match history.counted(today, mode) {
        Some(r) => match r.score {
            Some(score) => format!(
                "Today's bench is done: {score} points, {}. Play it again for practice; only \
                 the first game counts.",
                Rank::from_score(score).name()
            ),
            None => "Today's bench was started and left unfinished: it counted as today's \
                     attempt. Play it again for practice."
                .to_string(),
        },
        None => "Today's bench is waiting: one attempt counts, the same bag for everyone today."
            .to_string(),
    };
    let streaks = history.streaks(today, Some(mode));
    let recent = history
        .results()
        .iter()
        .rev()
        .filter(|r| r.mode == mode && r.counted)
        .take(RECENT_DAYS)
        .map(|r| {
            let score = r
                .score
                .map_or("unfinished".to_string(), |s| format!("{s} points"));
            Value::Array(vec![r.date.to_string().into(), score.into()])
        });
    Value::object([
        ("date", long_date(today).into()),
        ("mode", mode.name().into()),
        ("done", done.into()),
        ("current", plural(streaks.current, "day", "days").into()),
        ("longest", plural(streaks.longest, "day", "days").into()),
        ("recent", Value::Array(recent.collect())),
    ])
}

fn object(fields: Vec<(&str, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in fields {
        map.insert(key.to_string(), value);
    }
    Value::Object(map)
}

/// Copies of the history kept aside earlier (`[{"key", "text"}, …]`, at most
/// [`MAX_ASIDE`]) that this build reads whole are merged back into `history`
/// ([`DailyHistory::merge`]): `{"keys": [the copies read], "counted": days brought back,
/// "replaced": how many of them replace a day's counted result (now practice), "practice":
/// games}`, for the page to mark those copies merged and say so once. Copies it
/// cannot read are left out (they stay kept aside).
fn merge_aside(history: &mut DailyHistory, aside: Option<&Value>) -> Option<Value> {
    let copies = aside?.as_array()?;
    let mut keys = Vec::new();
    let mut total = Merged::default();
    for copy in copies.iter().take(MAX_ASIDE) {
        let (Some(key), Some(text)) = (
            copy.get("key").and_then(Value::as_str),
            copy.get("text").and_then(Value::as_long_str),
        ) else {
            continue;
        };
        let Ok(kept) = DailyHistory::parse(&text) else {
            continue;
        };
        let merged = history.merge(&kept);
        total.counted += merged.counted;
        total.replaced += merged.replaced;
        total.practice += merged.practice;
        keys.push(Value::from(key));
    }
    (!keys.is_empty()).then(|| {
        Value::object([
            ("keys", Value::Array(keys)),
            ("counted", (total.counted + total.replaced).into()),
            ("replaced", total.replaced.into()),
            ("practice", total.practice.into()),
        ])
    })
}

/// The most copies kept aside that one question merges (the page keeps at most 99).
pub const MAX_ASIDE: usize = 99;

/// The `daily` question (see the module's words).
pub fn daily(request: &Value) -> Result<Value, String> {
    // at a game's end the page sends its save (`Value::long_string`): the save's "ui" part
    // says which day it was and whether it was practice, as "begin" wrote it
    let save = match request.get("save").map(Value::as_long_str) {
        Some(text) => {
            Some(GameRecord::parse(&text.unwrap_or_default()).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    let of_save = |key: &str| {
        let ui = save.as_ref()?.ui.as_ref()?;
        ui.get("daily")?.get(key).cloned()
    };
    let date = match of_save("date") {
        Some(date) => date.as_str().unwrap_or_default().to_string(),
        None => field(request, "date")?.to_string(),
    };
    let today = Date::parse(&date).map_err(|e| e.to_string())?;
    let mode = match &save {
        Some(record) => record.mode(),
        None => mode_of(request)?,
    };
    let practice = of_save("practice").or_else(|| request.get("practice").cloned());
    let mut out = Vec::new();
    // a history of many days may come (and goes back) in pieces: `Value::long_string`
    let mut history = match request.get("history").and_then(Value::as_long_str) {
        None => DailyHistory::new(),
        Some(text) => DailyHistory::parse(&text).unwrap_or_else(|e| {
            out.push(("corrupt", Value::from(e.to_string())));
            DailyHistory::parse_lenient(&text)
        }),
    };
    if let Some(merged) = merge_aside(&mut history, request.get("aside")) {
        out.push(("merged", merged));
    }
    match field(request, "step")? {
        "entry" => {}
        "begin" => {
            let attempt = history.begin(today, mode);
            let bench = daily::greedy_bench(today, mode);
            let practice = attempt == Attempt::Practice;
            out.push(("record", bench.record.to_value()));
            out.push(("practice", practice.into()));
            // the save the page opens as it opens any save: the record, and in its "ui" part
            // the day and whether it is practice, which "finish" is asked with at the end
            let mut save = bench.record;
            let day = [("date", date.into()), ("practice", practice.into())];
            save.ui = Some(Value::object([("daily", Value::object(day))]));
            out.push(("save", Value::long_string(&save.to_json())));
        }
        "finish" => {
            // the game: the page's save, or a record
            let record = match (save, request.get("record")) {
                (Some(save), _) => save,
                (None, Some(record)) => {
                    GameRecord::from_value(record).map_err(|e| e.to_string())?
                }
                (None, None) => return Err("the request has no \"save\"".to_string()),
            };
            let game = Game::replay(&record).map_err(|e| e.to_string())?;
            let score = game.scores().first().copied().unwrap_or(0);
            let practice = practice.and_then(|p| p.as_bool()) == Some(true);
            let attempt = if practice {
                Attempt::Practice
            } else {
                Attempt::Counted
            };
            history.finish(today, mode, score, attempt);
            let share = share_text(today, &record, practice).map_err(|e| e.to_string())?;
            out.push(("share", share.into()));
        }
        other => return Err(format!("no such step: {other:?}")),
    }
    out.push(("entry", entry(&history, today, mode)));
    out.push(("history", Value::long_string(&history.to_json())));
    Ok(object(out))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use molscrab_engine::record::Move;

    fn ask(fields: &[(&str, Value)]) -> Value {
        let mut all = vec![("op", Value::from("daily"))];
        all.extend(fields.iter().cloned());
        let answer = crate::answer(&object(all).to_string());
        let answer = molscrab_json::parse(&answer).expect("JSON");
        answer
            .get("ok")
            .cloned()
            .unwrap_or_else(|| panic!("{answer}"))
    }

    fn text(v: &Value, key: &str) -> String {
        v.get(key).and_then(Value::as_long_str).unwrap_or_default()
    }

    /// A member of the answer's section (`"entry"`), as text.
    fn shown(v: &Value, key: &str) -> String {
        let entry = v.get("entry").unwrap_or(&Value::Null);
        text(entry, key)
    }

    #[test]
    fn weekdays_and_months_read_right() {
        let d = |t| Date::parse(t).unwrap();
        assert_eq!(long_date(d("2026-11-30")), "Monday 30 November 2026");
        assert_eq!(long_date(d("1970-01-01")), "Thursday 1 January 1970");
        assert_eq!(long_date(d("2024-02-29")), "Thursday 29 February 2024");
    }

    #[test]
    fn a_day_begun_finished_and_replayed_as_practice() {
        let day = [
            ("date", Value::from("2026-11-30")),
            ("mode", "theory".into()),
        ];
        let entry = ask(&[&day[..], &[("step", "entry".into())]].concat());
        assert_eq!(shown(&entry, "date"), "Monday 30 November 2026");
        assert!(shown(&entry, "done").contains("waiting"));
        assert_eq!(shown(&entry, "current"), "0 days");
        let begun = ask(&[&day[..], &[("step", "begin".into())]].concat());
        assert_eq!(begun.get("practice").and_then(Value::as_bool), Some(false));
        // the same record as `molscrab daily`
        let record = GameRecord::from_value(begun.get("record").unwrap()).unwrap();
        let date = Date::parse("2026-11-30").unwrap();
        assert_eq!(record, daily::daily_record(date, Mode::Theory));
        // played: End game at once
        let mut played = record.clone();
        played.moves.push(Move::End);
        let history = text(&begun, "history");
        let finished = ask(&[
            &day[..],
            &[
                ("step", "finish".into()),
                ("history", history.into()),
                ("record", played.to_value()),
                ("practice", false.into()),
            ],
        ]
        .concat());
        let share = text(&finished, "share");
        assert!(share.starts_with("Molecular Scrabble Daily Bench 2026-11-30"));
        assert!(!share.contains("practice"));
        assert_eq!(shown(&finished, "current"), "1 day");
        assert!(shown(&finished, "done").contains("is done"));
        let recent = finished.get("entry").and_then(|e| e.get("recent"));
        assert_eq!(
            recent.map(Value::to_string).as_deref(),
            Some(r#"[["2026-11-30","-22 points"]]"#)
        );
        let again = ask(&[
            &day[..],
            &[
                ("step", "begin".into()),
                ("history", text(&finished, "history").into()),
            ],
        ]
        .concat());
        assert_eq!(again.get("practice").and_then(Value::as_bool), Some(true));
    }

    #[test]
    fn under_the_chemists_referee_the_day_is_its_own_and_named() {
        let history = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-07","mode":"theory","score":212,"counted":true},{"date":"2026-12-07","mode":"chemist","score":150,"counted":true}]}"#;
        let answer = ask(&[
            ("date", "2026-12-07".into()),
            ("mode", "chemist".into()),
            ("step", "entry".into()),
            ("history", history.into()),
        ]);
        assert_eq!(answer.get("corrupt"), None);
        assert_eq!(shown(&answer, "mode"), "Real substances");
        let all = answer
            .get("entry")
            .map(Value::to_string)
            .unwrap_or_default();
        assert!(!all.contains("Theory Mode"), "{all}");
        assert!(
            shown(&answer, "done").contains("is done: 150 points"),
            "{all}"
        );
        // and the history comes back as it went
        assert_eq!(
            DailyHistory::parse(&text(&answer, "history")),
            DailyHistory::parse(history)
        );
    }

    #[test]
    fn copies_kept_aside_are_merged_back_and_named_for_the_page() {
        let live = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-07","mode":"theory","score":212,"counted":true}]}"#;
        let kept = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-06","mode":"chemist","score":120,"counted":true},{"date":"2026-12-07","mode":"chemist","score":150,"counted":true},{"date":"2026-12-07","mode":"theory","score":212,"counted":true}]}"#;
        let aside = Value::Array(vec![
            Value::object([
                ("key", "molscrab.daily.unreadable".into()),
                ("text", Value::long_string(kept)),
            ]),
            // still unreadable: left out
            Value::object([
                ("key", "molscrab.daily.unreadable.2".into()),
                ("text", "{not json".into()),
            ]),
        ]);
        let answer = ask(&[
            ("date", "2026-12-07".into()),
            ("mode", "chemist".into()),
            ("step", "entry".into()),
            ("history", live.into()),
            ("aside", aside),
        ]);
        let merged = answer.get("merged").cloned().unwrap_or(Value::Null);
        assert_eq!(
            merged.to_string(),
            r#"{"keys":["molscrab.daily.unreadable"],"counted":2,"replaced":0,"practice":0}"#
        );
        let history = DailyHistory::parse(&text(&answer, "history")).unwrap();
        let day = Date::parse("2026-12-07").unwrap();
        assert_eq!(
            history.counted(day, Mode::Chemist).and_then(|r| r.score),
            Some(150)
        );
        assert_eq!(history.streaks(day, Some(Mode::Chemist)).current, 2);
        assert_eq!(shown(&answer, "current"), "2 days");
        // nothing kept aside: no word of it
        let plain = ask(&[
            ("date", "2026-12-07".into()),
            ("mode", "theory".into()),
            ("step", "entry".into()),
            ("history", live.into()),
        ]);
        assert_eq!(plain.get("merged"), None);
    }

    #[test]
    fn a_corrupt_history_is_said_and_read_leniently() {
        let answer = ask(&[
            ("date", "2026-11-30".into()),
            ("mode", "standard".into()),
            ("step", "entry".into()),
            ("history", "{not json".into()),
        ]);
        assert!(text(&answer, "corrupt").contains("not JSON"));
        assert_eq!(shown(&answer, "mode"), "Standard Mode");
    }
}
