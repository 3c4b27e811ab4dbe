//! Ion Rules (a table variant, RULES §10.3): the chemist's documented ions in the textbook's
//! order, a game's formulas keeping their charge through a record's round trip, the move
//! generator and the computer players under the variant.

use molscrab_engine::board::Placement;
use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::elements::Element::{self, *};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::referee::{chemist, ions, judge_ions, parse_spaced, Edition, Mode, Rule};
use molscrab_engine::selfplay;
use molscrab_engine::variants::{Variant, Variants};

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

fn install() {
    static TABLE: std::sync::OnceLock<Substances> = std::sync::OnceLock::new();
    chemist::install(
        TABLE.get_or_init(|| Substances::parse(TABLE_TEXT).expect("the committed table reads")),
    );
}

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).expect("symbols")
}

fn chemist_ions(text: &str) -> Result<i8, Rule> {
    install();
    judge_ions(Mode::Chemist, Edition::CURRENT, &tiles(text))
        .map(|a| a.charge)
        .map_err(|r| r.rule)
}

#[test]
fn the_chemist_takes_documented_ions_in_the_textbooks_order_only() {
    assert_eq!(chemist_ions("O H"), Ok(-1));
    assert_eq!(chemist_ions("N H H H H"), Ok(1));
    assert_eq!(chemist_ions("S O O O O"), Ok(-2));
    assert_eq!(chemist_ions("C O O O"), Ok(-2));
    assert_eq!(chemist_ions("P O O O O"), Ok(-3));
    assert_eq!(chemist_ions("Cr Cr O O O O O O O"), Ok(-2));
    assert_eq!(chemist_ions("C H H H C O O"), Ok(-1));
    assert_eq!(chemist_ions("H O"), Err(Rule::Order));
    assert_eq!(chemist_ions("O S O O O"), Err(Rule::Order));
    assert_eq!(chemist_ions("H H H H N"), Err(Rule::Order));
    // neutral substances are judged as before; the card's N·O·O stays nitrogen dioxide
    assert_eq!(chemist_ions("Na Cl"), Ok(0));
    assert_eq!(chemist_ions("N O O"), Ok(0));
    // an undocumented ion is not the chemist's, whatever the valency model says
    assert_eq!(chemist_ions("Na O"), Err(Rule::NotDocumented));
    let refusal =
        judge_ions(Mode::Chemist, Edition::CURRENT, &tiles("O S O O O")).expect_err("order");
    assert_eq!(
        refusal.to_string(),
        "O·S·O·O·O is the sulfate ion in the wrong order: play S·O·O·O·O (the textbook's order)"
    );
}

#[test]
fn every_documented_ion_is_the_chemists_in_its_order() {
    install();
    for ion in ions::documented() {
        let verdict = judge_ions(Mode::Chemist, Edition::CURRENT, &ion.tiles).expect(ion.name);
        let card = molscrab_engine::referee::card_index_of_multiset(&ion.tiles);
        let expected = if card.is_some() { 0 } else { ion.charge };
        assert_eq!(verdict.charge, expected, "{}", ion.name);
    }
}

/// A two-seat game under `mode` whose first rack is `first` (then plenty of H and O).
fn game(mode: Mode, variants: &[&str], first: &[&str]) -> Game {
    let mut bag: Vec<&str> = first.to_vec();
    bag.extend(std::iter::repeat_n("H", 7));
    bag.extend(std::iter::repeat_n("O", 20));
    let bag: Vec<String> = bag.iter().map(|s| format!("\"{s}\"")).collect();
    let variants: Vec<String> = variants.iter().map(|s| format!("\"{s}\"")).collect();
    // the referee as records store it
    let (theory, referee) = molscrab_engine::record::stored_referee(mode);
    let referee = referee.map_or(String::new(), |code| format!(r#""referee":"{code}","#));
    let json = format!(
        r#"{{"format":"molscrab-game/1","kind":"pass-and-play","theory":{},{referee}"players":["A","B"],"seed":1,"bag":[{}],"variants":[{}],"moves":[]}}"#,
        theory,
        bag.join(","),
        variants.join(",")
    );
    install();
    Game::load(&json).expect("a good record").game
}

fn across(els: &[Element]) -> Vec<Placement> {
    els.iter()
        .enumerate()
        .map(|(k, &e)| Placement::new(7, 7 + k as u8, e))
        .collect()
}

#[test]
fn a_played_ion_keeps_its_charge_through_the_record() {
    let rack = ["S", "O", "O", "O", "O", "N", "H"];
    let mut g = game(Mode::Theory, &["ion-rules"], &rack);
    let turn = g.play(&across(&[S, O, O, O, O])).expect("sulfate counts");
    assert_eq!(turn.formulas[0].charge, -2);
    let score = turn.score;
    let json = g.record().to_json();
    assert!(json.contains(r#""variants":["ion-rules"]"#), "{json}");
    let again = Game::load(&json).expect("the record reads").game;
    assert_eq!(again.turns()[0].formulas[0].charge, -2);
    assert_eq!(again.turns()[0].score, score);
    assert!(again
        .turns()
        .first()
        .map(|t| t.summary("A"))
        .is_some_and(|s| s.contains("SO₄²⁻ — sulfate")));
}

#[test]
fn without_ion_rules_the_same_tiles_are_neutral_or_refused() {
    let rack = ["S", "O", "O", "O", "O", "N", "H"];
    let mut g = game(Mode::Theory, &[], &rack);
    // S·O·O·O·O is a neutral (hypothetical) molecule without the variant
    let turn = g.play(&across(&[S, O, O, O, O])).expect("neutral");
    assert_eq!(turn.formulas[0].charge, 0);
    let mut g = game(Mode::Theory, &[], &rack);
    assert!(g.play(&across(&[N, H])).is_err());
    let mut g = game(Mode::Theory, &["ion-rules"], &rack);
    // N·H: nitrogen with one bond, a minus on it twice over? No: N⁻ has two bonds; N·H is
    // refused under Ion Rules too
    assert!(g.play(&across(&[N, H])).is_err());
}

#[test]
fn every_generated_play_under_ion_rules_replays_with_its_score_and_charges() {
    for mode in [Mode::Theory, Mode::Chemist] {
        let rack = ["S", "O", "O", "O", "O", "H", "H"];
        let g = game(mode, &["ion-rules"], &rack);
        let plays = MoveGenerator::new().legal_plays(&g);
        let mut charged = 0;
        for play in &plays {
            let mut after = g.clone();
            let turn = after.play(&play.tiles).expect("a generated play is legal");
            assert_eq!(turn.score, play.score, "{:?}", play.tiles);
            assert_eq!(turn.formulas, play.formulas, "{:?}", play.tiles);
            charged += usize::from(play.formulas.iter().any(|f| f.charge != 0));
        }
        assert!(charged > 0, "{mode:?}: no ion among {} plays", plays.len());
        // the same rack without the variant makes no charged formula, and fewer plays
        let plain = game(mode, &[], &rack);
        let fewer = MoveGenerator::new().legal_plays(&plain);
        assert!(fewer.len() < plays.len(), "{mode:?}");
        assert!(fewer
            .iter()
            .all(|p| p.formulas.iter().all(|f| f.charge == 0)));
    }
}

#[test]
fn computer_players_play_whole_games_under_ion_rules_with_the_invariants_holding() {
    install();
    let ion_rules = Variants::of(&[Variant::IonRules]);
    // the chemist's games are quick; a Theory game checks the same invariants below (the
    // soak, `molscrab selfplay --variants ion-rules`, plays many more)
    let summary = selfplay::run_with_variants(
        &mut Computer::new(),
        2,
        7,
        Mode::Chemist,
        ion_rules,
        &[Level::Chemist, Level::Apprentice],
    );
    assert_eq!(summary.violations, 0, "{:?}", summary.details);
    assert_eq!(summary.games, 2);
    // the games really are played with the variant, and ions get played
    let outcome = selfplay::play_game_with(
        &mut Computer::new(),
        11,
        Mode::Theory,
        ion_rules,
        &[Level::Chemist, Level::Chemist],
        0,
    );
    assert!(outcome.violations.is_empty(), "{:?}", outcome.violations);
    assert_eq!(outcome.record.variants, ion_rules);
    let game = Game::load(&outcome.record.to_json())
        .expect("the record replays")
        .game;
    let charged = game
        .turns()
        .iter()
        .flat_map(|t| &t.formulas)
        .filter(|f| f.charge != 0)
        .count();
    assert!(charged > 0, "no ion in a whole game");
}
