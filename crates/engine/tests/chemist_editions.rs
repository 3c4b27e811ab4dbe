//! The editions of the chemist's rules, on a lexicon whose two editions differ (written by hand
//! in the lexicon's text, which says per edition what each accepts): a saved game replays under
//! the edition it names, and no other, and every part of the engine that judges or finds plays
//! follows the game's edition. This file installs that lexicon for its whole process, so it holds
//! no test that needs the real table.

#![cfg(not(target_arch = "wasm32"))]

use molscrab_engine::error::MoveError;
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::GameRecord;
use molscrab_engine::referee::chemist::{self, Convention, Lexicon};
use molscrab_engine::referee::{judge, parse_spaced, Edition, Mode, Rule};

/// Ammonium hydroxide lumped (N·H·H·H·H·H·O, its ammonium convention's order) in the first
/// edition; ion by ion (N·H·H·H·H·O·H) in the second; table salt alike in both.
const LEXICON: &str = "molscrab-lexicon/2\n\
                       1:4 NHHHHHO\tammonium hydroxide\n\
                       2:1 NHHHHOH\tammonium hydroxide\n\
                       0 NaCl\tsodium chloride\n";

const LUMPED: &str = "N H H H H H O";
const ION_BY_ION: &str = "N H H H H O H";

fn install() -> &'static Lexicon {
    chemist::install_lexicon(Lexicon::from_text(LEXICON).expect("the hand-written text reads"))
}

fn tiles(text: &str) -> Vec<molscrab_engine::elements::Element> {
    parse_spaced(text).expect("symbols")
}

/// A chemist's Solitaire game whose rack is N H H H H H O, and which plays them across the
/// centre as N·H·H·H·H·H·O; `rules` is its `"chemist_rules"` text, if any.
fn lumped_game(rules: Option<&str>) -> String {
    let rules = rules.map_or(String::new(), |n| format!(r#","chemist_rules":{n}"#));
    let play: Vec<String> = tiles(LUMPED)
        .iter()
        .enumerate()
        .map(|(i, e)| format!(r#"{{"row":7,"col":{},"el":"{}"}}"#, 4 + i, e.symbol()))
        .collect();
    format!(
        r#"{{"format":"molscrab-game/1","kind":"solitaire","theory":false,"referee":"chemist"{rules},"players":["You"],"first":0,"seed":0,"bag":["N","H","H","H","H","H","O","Na","Cl"],"moves":[{{"play":[{}]}}]}}"#,
        play.join(",")
    )
}

#[test]
fn the_hand_written_lexicon_differs_by_edition_and_writes_back_the_same() {
    let lexicon = install();
    assert!(lexicon.accepts(&tiles(LUMPED), Edition::Atoms));
    assert!(!lexicon.accepts(&tiles(LUMPED), Edition::Structures));
    assert!(lexicon.accepts(&tiles(ION_BY_ION), Edition::Structures));
    assert!(!lexicon.accepts(&tiles(ION_BY_ION), Edition::Atoms));
    for edition in Edition::ALL {
        assert!(lexicon.accepts(&tiles("Na Cl"), edition));
        assert_eq!(lexicon.substances(edition), 2);
    }
    let offered = |edition| {
        lexicon
            .known(&tiles(ION_BY_ION), edition)
            .and_then(|k| k.play.clone())
    };
    assert_eq!(
        offered(Edition::Atoms),
        Some((Convention::Ammonium, tiles(LUMPED)))
    );
    assert_eq!(
        offered(Edition::Structures),
        Some((Convention::Textbook, tiles(ION_BY_ION)))
    );
    // each edition's trie, then what both editions know alike once and the rest once per
    // edition (the hand-written text is the version before, every order on its line)
    let text = lexicon.to_text();
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.starts_with("molscrab-lexicon/3\n1="), "{text}");
    assert!(text.contains("\n2="), "{text}");
    assert!(
        text.contains("\n1:4 NHHHHHO\tammonium hydroxide\n"),
        "{text}"
    );
    assert!(
        text.contains("\n2:1 NHHHHOH\tammonium hydroxide\n"),
        "{text}"
    );
    assert!(text.contains("\n0 NaCl\tsodium chloride\n"), "{text}");
    let again = Lexicon::from_text(&text).expect("reads back");
    assert_eq!(again.to_text(), text);
}

#[test]
fn each_edition_judges_by_its_own_orders_and_offers_its_own() {
    install();
    assert!(judge(Mode::Chemist, Edition::Atoms, &tiles(LUMPED)).is_ok());
    assert!(judge(Mode::Chemist, Edition::Structures, &tiles(ION_BY_ION)).is_ok());
    let refused = judge(Mode::Chemist, Edition::Structures, &tiles(LUMPED)).unwrap_err();
    assert_eq!(refused.rule, Rule::Order);
    let said = refused.to_string();
    assert!(said.contains("play N·H·H·H·H·O·H"), "{said}");
    let refused = judge(Mode::Chemist, Edition::Atoms, &tiles(ION_BY_ION)).unwrap_err();
    assert_eq!(refused.rule, Rule::Order);
    let said = refused.to_string();
    assert!(said.contains("play N·H·H·H·H·H·O"), "{said}");
    // the other referees read no edition
    for edition in Edition::ALL {
        for mode in [Mode::Standard, Mode::Theory] {
            assert_eq!(
                judge(mode, edition, &tiles("Na Cl")),
                judge(mode, Edition::CURRENT, &tiles("Na Cl"))
            );
        }
    }
}

#[test]
fn a_saved_game_that_played_a_lumped_order_replays_under_its_edition_only() {
    install();
    // saved before the rules had editions: no "chemist_rules", so the first
    let old = lumped_game(None);
    let record = GameRecord::parse(&old).expect("reads");
    assert_eq!(record.edition(), Edition::Atoms);
    assert_eq!(record.to_json(), old, "written back byte for byte");
    let game = Game::replay(&record).expect("replays as it was played");
    assert_eq!(game.edition(), Edition::Atoms);
    let turn = &game.turns()[0];
    assert_eq!(turn.formulas.len(), 1);
    assert_eq!(turn.formulas[0].tiles, tiles(LUMPED));
    assert!(turn.score > 0);
    // naming the first edition is the same game
    let named = GameRecord::parse(&lumped_game(Some("1"))).expect("reads");
    assert_eq!(named, record);
    // the same move under the second edition is refused: it offers the ion-by-ion order
    let new = GameRecord::parse(&lumped_game(Some("2"))).expect("reads");
    assert_eq!(new.edition(), Edition::Structures);
    let refused = Game::replay(&new).expect_err("lumped is no writing of edition 2");
    assert_eq!(refused.move_index, 0);
    match &refused.error {
        MoveError::Formulas(rejections) => {
            assert_eq!(rejections.len(), 1);
            assert_eq!(rejections[0].rule, Rule::Order);
            assert_eq!(rejections[0].edition, Edition::Structures);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_move_generator_hints_and_hindsight_follow_the_games_edition() {
    install();
    for (edition, rules, expected) in [
        (Edition::Atoms, None, LUMPED),
        (Edition::Structures, Some("2"), ION_BY_ION),
    ] {
        let mut record = GameRecord::parse(&lumped_game(rules)).expect("reads");
        record.moves.clear();
        let game = Game::start(record.clone()).expect("starts");
        assert_eq!(game.position().edition, edition);
        let best = MoveGenerator::new().best_play(&game).expect("a play");
        assert_eq!(best.formulas[0].tiles, tiles(expected), "{edition:?}");
        let hinted = molscrab_engine::hints::hints(&game, 5);
        assert!(!hinted.is_empty());
        for play in &hinted {
            for formula in &play.formulas {
                assert!(judge(Mode::Chemist, edition, &formula.tiles).is_ok());
            }
            // every hint is a play the game accepts, with the score it said
            let mut played = game.clone();
            let turn = played.play(&play.tiles).expect("the game accepts its hint");
            assert_eq!(turn.score, play.score);
        }
        // the computer's best play, played, looks back at a game it judges the same way
        let mut played = game.clone();
        played.play(&best.tiles).expect("accepted");
        let looked = molscrab_engine::hindsight::hindsight(&played.record());
        assert!(looked.is_ok(), "{edition:?}");
    }
}
