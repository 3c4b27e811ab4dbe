//! The editions of the chemist's rules where they are stored, with the real table: a record's
//! `"chemist_rules"` (written for a game under the rules after the first, read as the first when
//! absent, refused when this build does not know it), the Daily Bench's days before and after
//! the cutover, its history's results and a table's link. A saved game that played a lumped
//! order replays under the first edition, and the second judges it by its own orders.

#![cfg(not(target_arch = "wasm32"))]

use std::sync::OnceLock;

use molscrab_engine::calendar::Date;
use molscrab_engine::chemistry::names::{counts_of, Substances};
use molscrab_engine::daily::history::DailyHistory;
use molscrab_engine::daily::{daily_edition, daily_record, STRUCTURES_FROM};
use molscrab_engine::elements::Element;
use molscrab_engine::error::MoveError;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind, RecordError};
use molscrab_engine::referee::chemist::{self, orders_in};
use molscrab_engine::referee::{judge, parse_spaced, Edition, Mode, Rule};
use molscrab_engine::table_link::{open_link, Opened, TableState};

fn table() -> &'static Substances {
    static TABLE: OnceLock<Substances> = OnceLock::new();
    TABLE.get_or_init(|| {
        Substances::parse(include_str!("../../../public/lazy/substances.txt"))
            .unwrap_or_else(|e| panic!("{e}"))
    })
}

fn install() {
    chemist::install(table());
}

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).unwrap_or_else(|e| panic!("{e}"))
}

fn date(text: &str) -> Date {
    Date::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether edition `edition`'s orders for the substance with these atoms include this one.
fn in_orders(edition: Edition, order: &[Element]) -> bool {
    let counts = counts_of(order);
    let entry = table().entry(&counts).expect("a documented substance");
    orders_in(edition, &counts, entry)
        .iter()
        .any(|(_, o)| o == order)
}

/// The chemist's Daily Bench records `molscrab daily DATE --mode chemist` printed for days
/// before the cutover, before the rules had editions.
const PAST_DAYS: [(&str, &str); 3] = [
    (
        "2026-11-15",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist","players":["You"],"first":0,"seed":2243517448367921768,"moves":[]}"#,
    ),
    (
        "2026-12-01",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist","players":["You"],"first":0,"seed":1824933248046509250,"moves":[]}"#,
    ),
    (
        "2026-12-07",
        r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist","players":["You"],"first":0,"seed":6233685271281121098,"moves":[]}"#,
    ),
];

#[test]
fn editions_have_numbers_and_the_current_is_the_newest() {
    for (at, edition) in Edition::ALL.into_iter().enumerate() {
        assert_eq!(usize::from(edition.number()), at + 1);
        assert_eq!(
            Edition::from_number(u64::from(edition.number())),
            Some(edition)
        );
    }
    assert_eq!(Edition::from_number(0), None);
    assert_eq!(Edition::from_number(3), None);
    assert_eq!(Edition::from_number(u64::MAX), None);
    assert_eq!(Edition::ALL.last(), Some(&Edition::CURRENT));
    assert!(Edition::Atoms < Edition::Structures);
}

#[test]
fn a_new_chemists_game_names_its_rules_and_other_referees_never_do() {
    install();
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Chemist, vec!["You".into()], 0, 7);
    assert_eq!(record.edition(), Edition::CURRENT);
    let json = record.to_json();
    let named = format!(
        r#""referee":"chemist","chemist_rules":{},"#,
        Edition::CURRENT.number()
    );
    assert!(json.contains(&named), "{json}");
    let again = GameRecord::parse(&json).expect("reads back");
    assert_eq!(again, record);
    assert_eq!(
        Game::start(again).expect("starts").edition(),
        Edition::CURRENT
    );
    for mode in [Mode::Standard, Mode::Theory] {
        let record = GameRecord::new_game(Kind::Solitaire, mode, vec!["You".into()], 0, 7);
        let json = record.to_json();
        assert!(!json.contains("chemist_rules"), "{json}");
        // a key another referee's record should not carry is not read, nor written back
        let carried = json.replace(r#""players""#, r#""chemist_rules":9,"players""#);
        let read = GameRecord::parse(&carried).expect("reads");
        assert_eq!(read, record);
        assert_eq!(read.to_json(), json);
    }
    // a chemist's game made another referee's leaves the chemist's rules behind, and back
    let mut moved = record.clone();
    moved.set_mode(Mode::Theory);
    assert!(!moved.to_json().contains("chemist_rules"));
    moved.set_mode(Mode::Chemist);
    assert_eq!(moved.edition(), Edition::CURRENT);
}

#[test]
fn a_record_without_the_rules_reads_as_the_first_and_an_unknown_edition_is_refused() {
    install();
    let (_, old) = PAST_DAYS[0];
    let record = GameRecord::parse(old).expect("reads");
    assert_eq!(record.edition(), Edition::Atoms);
    assert_eq!(record.to_json(), old, "written back byte for byte");
    let with = |rules: &str| {
        old.replace(
            r#","players""#,
            &format!(r#","chemist_rules":{rules},"players""#),
        )
    };
    assert_eq!(GameRecord::parse(&with("1")).expect("reads"), record);
    assert_eq!(
        GameRecord::parse(&with("2")).expect("reads").edition(),
        Edition::Structures
    );
    let refused = GameRecord::parse(&with("3")).unwrap_err();
    assert_eq!(refused, RecordError::UnknownRules(3));
    let said = refused.to_string();
    assert!(said.contains("edition 3"), "{said}");
    for bad in ["0", "\"2\"", "-1", "2.5", "true", "[2]"] {
        let refused = GameRecord::parse(&with(bad));
        assert!(refused.is_err(), "{bad}");
    }
    // a game refused for its rules is refused however it is loaded
    assert!(Game::load(&with("3")).is_err());
    assert!(GameRecord::parse(&with("null")).is_ok());
}

/// A chemist's Solitaire record whose rack is `order` (seven tiles), played across the centre in
/// that order; `rules` its `"chemist_rules"`, if any.
fn one_play(order: &[Element], rules: Option<u8>) -> String {
    let rules = rules.map_or(String::new(), |n| format!(r#","chemist_rules":{n}"#));
    let symbols: Vec<String> = order
        .iter()
        .map(|e| format!("\"{}\"", e.symbol()))
        .collect();
    let play: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(i, e)| format!(r#"{{"row":7,"col":{},"el":"{}"}}"#, 4 + i, e.symbol()))
        .collect();
    format!(
        r#"{{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist"{rules},"players":["You"],"first":0,"seed":0,"bag":[{},"Na","Cl"],"moves":[{{"play":[{}]}}]}}"#,
        symbols.join(","),
        play.join(",")
    )
}

#[test]
fn a_saved_game_that_played_lumped_ammonium_hydroxide_replays_under_the_first_edition() {
    install();
    let lumped = tiles("N H H H H H O");
    // the first edition's ammonium convention writes NH₄OH so
    assert!(in_orders(Edition::Atoms, &lumped));
    let saved = one_play(&lumped, None);
    let game = Game::replay(&GameRecord::parse(&saved).expect("reads")).expect("replays");
    assert_eq!(game.edition(), Edition::Atoms);
    assert_eq!(game.turns()[0].formulas[0].tiles, lumped);
    // under the second edition the same move stands exactly when its orders hold it (the
    // structure rules decide, `structures_orders`); when they do not, it is the wrong order
    let new = GameRecord::parse(&one_play(&lumped, Some(2))).expect("reads");
    match (in_orders(Edition::Structures, &lumped), Game::replay(&new)) {
        (true, Ok(game)) => assert_eq!(game.turns()[0].formulas[0].tiles, lumped),
        (false, Err(refused)) => match refused.error {
            MoveError::Formulas(rejections) => {
                assert_eq!(rejections[0].rule, Rule::Order);
            }
            other => panic!("{other:?}"),
        },
        (expected, replayed) => panic!("edition 2 takes it: {expected}; {replayed:?}"),
    }
}

#[test]
fn each_edition_judges_lumped_salts_by_its_own_orders() {
    install();
    for lumped in ["N H H H H H O", "Zn N N O O O O O O", "K P H H O O O O"] {
        let order = tiles(lumped);
        assert!(
            judge(Mode::Chemist, Edition::Atoms, &order).is_ok(),
            "{lumped}"
        );
        for edition in Edition::ALL {
            let verdict = judge(Mode::Chemist, edition, &order);
            assert_eq!(
                verdict.is_ok(),
                in_orders(edition, &order),
                "{lumped} {edition:?}"
            );
            if let Err(refused) = verdict {
                assert_eq!(refused.rule, Rule::Order, "{lumped} {edition:?}");
            }
        }
    }
}

#[test]
fn the_daily_bench_keeps_its_past_days_and_takes_the_new_rules_from_the_cutover() {
    install();
    for (day, text) in PAST_DAYS {
        let record = daily_record(date(day), Mode::Chemist);
        assert_eq!(record.edition(), Edition::Atoms, "{day}");
        assert_eq!(record.to_json(), text, "{day}");
    }
    let before = date("2026-12-07");
    assert_eq!(STRUCTURES_FROM, date("2026-12-08"));
    assert_eq!(STRUCTURES_FROM.previous(), Some(before));
    assert_eq!(daily_edition(before, Mode::Chemist), Edition::Atoms);
    assert_eq!(
        daily_edition(date("0001-01-01"), Mode::Chemist),
        Edition::Atoms
    );
    for day in ["2026-12-08", "2026-12-09", "2027-06-01", "9999-12-31"] {
        assert_eq!(daily_edition(date(day), Mode::Chemist), Edition::CURRENT);
    }
    for mode in [Mode::Standard, Mode::Theory] {
        assert_eq!(daily_edition(STRUCTURES_FROM, mode), Edition::Atoms);
    }
    let first = daily_record(STRUCTURES_FROM, Mode::Chemist);
    assert_eq!(first.edition(), Edition::CURRENT);
    assert!(first.to_json().contains(r#""chemist_rules":2"#));
}

#[test]
fn daily_results_carry_the_rules_of_their_day() {
    let mut history = DailyHistory::new();
    let (before, cutover) = (date("2026-12-07"), STRUCTURES_FROM);
    history.record(before, Mode::Chemist, 150);
    history.record(cutover, Mode::Chemist, 160);
    history.record(cutover, Mode::Theory, 200);
    let editions: Vec<(Date, Mode, Edition)> = history
        .results()
        .iter()
        .map(|r| (r.date, r.mode, r.edition))
        .collect();
    assert_eq!(
        editions,
        [
            (before, Mode::Chemist, Edition::Atoms),
            (cutover, Mode::Chemist, Edition::Structures),
            (cutover, Mode::Theory, Edition::Atoms),
        ]
    );
    let text = history.to_json();
    assert_eq!(text.matches("chemist_rules").count(), 1, "{text}");
    assert!(
        text.contains(r#""date":"2026-12-08","mode":"chemist","score":160,"rank":"Research Chemist","counted":true,"chemist_rules":2}"#),
        "{text}"
    );
    assert_eq!(DailyHistory::parse(&text), Ok(history.clone()));
    // a result without the rules was played under the first; one of rules this build does not
    // know is kept as it was read, and written back
    let old = r#"{"format":"molscrab-daily-history/1","results":[{"date":"2026-12-09","mode":"chemist","score":150,"rank":"Research Chemist","counted":true},{"date":"2026-12-10","mode":"chemist","score":170,"rank":"Research Chemist","counted":true,"chemist_rules":7}]}"#;
    let read = DailyHistory::parse(old).expect("reads");
    assert_eq!(read.results().len(), 1);
    assert_eq!(read.results()[0].edition, Edition::Atoms);
    assert_eq!(read.to_json(), old);
    let bad = old.replace(r#""chemist_rules":7"#, r#""chemist_rules":"two""#);
    assert!(DailyHistory::parse(&bad).is_err());
}

#[test]
fn a_chemists_table_link_carries_its_rules_and_an_old_link_the_first() {
    install();
    for edition in Edition::ALL {
        let mut start = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Chemist,
            vec!["Ada".into(), "Bo".into()],
            0,
            11,
        );
        start.edition = edition;
        let host = TableState::create(start, 0, 5).expect("a table");
        let invitation = host.invitation(1).expect("an invitation");
        match open_link(&[], &invitation).expect("opens") {
            Opened::Joined(table) => {
                assert_eq!(table.game().edition(), edition);
                assert_eq!(table.record(), host.record());
                let json = table.record().to_json();
                // the first edition's start is an old build's, byte for byte: no key
                let named = match edition {
                    Edition::Atoms => false,
                    Edition::Structures => true,
                };
                assert_eq!(json.contains("chemist_rules"), named, "{json}");
            }
            other => panic!("{other:?}"),
        }
    }
}
