//! Texts written by the build before the referee became one type in every stored format
//! (commit edd6698, printed by its own engine): they read exactly as before under every
//! referee, and are written back byte for byte.

#![cfg(not(target_arch = "wasm32"))]

use std::sync::OnceLock;

use molscrab_engine::bests::Bests;
use molscrab_engine::calendar::Date;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::daily::daily_record;
use molscrab_engine::daily::history::DailyHistory;
use molscrab_engine::record::GameRecord;
use molscrab_engine::referee::chemist;
use molscrab_engine::referee::Mode;

/// A history that build wrote: three referees on 7 December (its reader refused the
/// chemist's result and set the whole text aside).
const HISTORY: &str = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-05","mode":"standard","score":40,"rank":"Lab Assistant","counted":true},{"date":"2026-12-06","mode":"theory","score":212,"rank":"Research Chemist","counted":true},{"date":"2026-12-07","mode":"chemist","score":150,"rank":"Research Chemist","counted":true},{"date":"2026-12-07","mode":"theory","score":99,"rank":"Lab Technician","counted":true},{"date":"2026-12-07","mode":"theory","score":300,"rank":"Professor","counted":false}]}"#;

const BESTS: &str = r#"{"standard":{"score":20,"play":null},"theory":{"score":200,"play":44},"variants":{"chemist":{"score":150,"play":31}}}"#;

/// `daily_record` for 7 December 2026, per referee.
const DAILY: [(&str, &str); 3] = [
    (
        "standard",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"players":["You"],"first":0,"seed":12960576319727888306,"moves":[]}"#,
    ),
    (
        "theory",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],"first":0,"seed":6245495232826772786,"moves":[]}"#,
    ),
    (
        "chemist",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist","players":["You"],"first":0,"seed":6233685271281121098,"moves":[]}"#,
    ),
];

/// A Pass and Play record per referee, one pass played.
const RECORDS: [(&str, &str); 3] = [
    (
        "standard",
        r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,"players":["Ada","Bo"],"first":1,"seed":77,"moves":[{"pass":true}]}"#,
    ),
    (
        "theory",
        r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":true,"players":["Ada","Bo"],"first":1,"seed":77,"moves":[{"pass":true}]}"#,
    ),
    (
        "chemist",
        r#"{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,"referee":"chemist","players":["Ada","Bo"],"first":1,"seed":77,"moves":[{"pass":true}]}"#,
    ),
];

fn date(text: &str) -> Date {
    match Date::parse(text) {
        Ok(d) => d,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The table of documented substances the chemist's referee judges by, installed once.
fn install_the_table() {
    static TABLE: OnceLock<Substances> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        Substances::parse(include_str!("../../../public/lazy/substances.txt"))
            .unwrap_or_else(|e| panic!("{e}"))
    });
    chemist::install(table);
}

#[test]
fn records_of_every_referee_read_as_before_and_write_back_the_same() {
    install_the_table();
    for (code, text) in RECORDS.iter().chain(DAILY.iter()) {
        let record = match GameRecord::parse(text) {
            Ok(r) => r,
            Err(e) => panic!("{code}: {e}"),
        };
        assert_eq!(record.mode().code(), *code);
        assert_eq!(record.to_json(), *text, "{code}");
    }
}

#[test]
fn the_daily_bench_deals_the_same_records_as_before() {
    for (code, text) in DAILY {
        let mode: Mode = code.parse().unwrap_or_else(|e: String| panic!("{e}"));
        assert_eq!(
            daily_record(date("2026-12-07"), mode).to_json(),
            text,
            "{code}"
        );
    }
}

#[test]
fn a_history_with_three_referees_a_day_now_reads_whole() {
    let history = match DailyHistory::parse(HISTORY) {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    // written back with every result (a day's in the referees' order, strictest first)
    let written = history.to_json();
    assert_eq!(written.len(), HISTORY.len());
    assert_eq!(DailyHistory::parse(&written), Ok(history.clone()));
    let day = date("2026-12-07");
    assert_eq!(
        history.counted(day, Mode::Chemist).and_then(|r| r.score),
        Some(150)
    );
    assert_eq!(
        history.counted(day, Mode::Theory).and_then(|r| r.score),
        Some(99)
    );
    // that build's own slip: the Standard bench begun that day found the chemist's counted
    // result in its place and was never written down
    assert_eq!(history.counted(day, Mode::Standard), None);
    assert_eq!(history.streaks(day, None).current, 3);
}

#[test]
fn bests_of_every_referee_read_as_before_and_write_back_the_same() {
    let bests = match Bests::parse(BESTS) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(bests.to_json(), BESTS);
    let scores: Vec<Option<i32>> = Mode::ALL.iter().map(|&m| bests.get(m).score).collect();
    assert_eq!(scores, [Some(20), Some(150), Some(200)]);
}
