//! The table variants played out: Biology Bonus scoring, Organic refusals, Speed Lab's time-out, Junior Chemist, and the record's `"variants"`.

use super::*;
use crate::board::Placement;
use crate::elements::Tile;
use crate::error::MoveError;
use crate::game::Game;
use crate::movegen::MoveGenerator;
use crate::record::{GameRecord, RecordError};
use crate::referee::judge;
use crate::turn::{Ending, TurnKind};

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .filter_map(Tile::from_symbol)
        .collect()
}

fn game_with(kind: Kind, theory: bool, variants: &[Variant], bag: &str) -> Game {
    let players = match kind {
        Kind::Solitaire => vec!["You".to_string()],
        Kind::PassAndPlay => vec!["Ada".to_string(), "Bo".to_string()],
    };
    let mut record = GameRecord::new_game(
        kind,
        crate::referee::theory_or_standard(theory),
        players,
        0,
        0,
    );
    record.bag = Some(tiles(bag));
    record.variants = Variants::of(variants);
    match Game::start(record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn across(row: u8, col: u8, els: &[Element]) -> Vec<Placement> {
    els.iter()
        .enumerate()
        .map(|(k, &e)| Placement::new(row, col + k as u8, e))
        .collect()
}

fn down(row: u8, col: u8, els: &[Element]) -> Vec<Placement> {
    els.iter()
        .enumerate()
        .map(|(k, &e)| Placement::new(row + k as u8, col, e))
        .collect()
}

fn record_error(json: &str) -> RecordError {
    match GameRecord::parse(json) {
        Ok(r) => panic!("accepted {r:?}"),
        Err(e) => e,
    }
}

#[test]
fn variant_codes_and_names_are_stable() {
    let codes: Vec<&str> = Variant::ALL.iter().map(|v| v.code()).collect();
    assert_eq!(
        codes,
        [
            "biology-bonus",
            "ion-rules",
            "junior",
            "organic",
            "speed-lab"
        ]
    );
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    assert_eq!(
        names,
        [
            "Biology Bonus",
            "Ion Rules",
            "Junior Chemist",
            "Organic Chemistry Mode",
            "Speed Lab"
        ]
    );
    for v in Variant::ALL {
        assert_eq!(Variant::from_code(v.code()), Some(v));
        assert!(v.description().ends_with('.'));
    }
    assert_eq!(Variant::from_code("Organic"), None);
}

#[test]
fn every_variant_set_has_one_key() {
    for bits in 0u8..16 {
        let set = Variant::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .fold(Variants::NONE, |s, (_, &v)| s.with(v));
        assert_eq!(Variants::from_key(&set.key()), Some(set), "{}", set.key());
    }
    let set = Variants::of(&[Variant::Organic, Variant::BiologyBonus]);
    assert_eq!(set.key(), "biology-bonus+organic");
    assert_eq!(set.without(Variant::Organic).key(), "biology-bonus");
    for bad in [
        "organic+biology-bonus",
        "organic+organic",
        "chess",
        "organic+",
        "+organic",
    ] {
        assert_eq!(Variants::from_key(bad), None, "{bad}");
    }
}

#[test]
fn the_body_list_holds_the_spec_ten_and_only_formulas_theory_mode_accepts() {
    for spec in [
        "H H O",
        "C O O",
        "Na Cl",
        "O O",
        "N N",
        "H Cl",
        "K Cl",
        "Ca C O O O",
        "N H H H",
        "C H H H H",
    ] {
        let els: Vec<Element> = spec.split(' ').filter_map(Element::from_symbol).collect();
        assert!(in_human_body(&els).is_some(), "{spec}");
    }
    for (i, entry) in HUMAN_BODY.iter().enumerate() {
        assert!(entry.tiles.len() <= 15, "{}", entry.name);
        assert!(
            judge(Mode::Theory, Edition::CURRENT, entry.tiles).is_ok(),
            "{} is refused in Theory Mode",
            entry.name
        );
        // each multiset once, so a formula earns the bonus once
        assert_eq!(
            in_human_body(entry.tiles).map(|e| e.name),
            Some(entry.name),
            "{i}"
        );
    }
}

#[test]
fn a_body_formula_matches_in_any_tile_order() {
    assert_eq!(in_human_body(&[O, H, H]).map(|e| e.name), Some("water"));
    assert_eq!(in_human_body(&[H, O, H]).map(|e| e.name), Some("water"));
    assert_eq!(
        in_human_body(&[O, N, N, C, H, H, H, H]).map(|e| e.name),
        Some("urea")
    );
    assert!(in_human_body(&[H, H, O, O, O]).is_none());
    assert!(in_human_body(&[Na, Na, Cl]).is_none());
    assert!(in_human_body(&[]).is_none());
}

#[test]
fn biology_bonus_adds_5_for_water() {
    let bag = "H H O Na Cl K C U U U";
    let mut plain = game_with(Kind::Solitaire, true, &[], bag);
    let Ok(turn) = plain.play(&across(7, 6, &[H, H, O])) else {
        panic!("water refused");
    };
    assert_eq!((turn.score, turn.biology_bonus), (6, 0));
    let mut bio = game_with(Kind::Solitaire, true, &[Variant::BiologyBonus], bag);
    let Ok(turn) = bio.play(&across(7, 6, &[H, H, O])) else {
        panic!("water refused");
    };
    assert_eq!(turn.score, 6 + BIOLOGY_BONUS);
    assert_eq!(turn.biology_bonus, 5);
    // the Full Reaction and Clean Bench bonus stays as RULES §9 defines it
    assert_eq!(turn.bonus, 0);
    assert_eq!(turn.bonus_names(), vec!["Biology Bonus +5".to_string()]);
    assert_eq!(
        turn.summary("You"),
        "You played H₂O — water, for 11, +5 biology bonus included."
    );
    assert_eq!(bio.scores(), vec![11]);
}

#[test]
fn biology_bonus_counts_every_body_formula_of_a_play_crossings_too() {
    let bag = "H H O O Na K U U U U";
    let mut game = game_with(Kind::Solitaire, true, &[Variant::BiologyBonus], bag);
    let Ok(first) = game.play(&across(7, 7, &[H, H])) else {
        panic!("H H refused");
    };
    assert_eq!(first.biology_bonus, 5);
    // O O down from the end of H H: oxygen down, water across
    let Ok(turn) = game.play(&down(7, 9, &[O, O])) else {
        panic!("O O refused");
    };
    let found: Vec<Option<&str>> = turn
        .formulas
        .iter()
        .map(|f| in_human_body(&f.tiles).map(|e| e.name))
        .collect();
    assert_eq!(found, vec![Some("oxygen"), Some("water")]);
    assert_eq!(turn.biology_bonus, 10);
    let sum: i32 = turn.formulas.iter().map(|f| f.score).sum();
    assert_eq!(turn.score, sum + 10);
}

#[test]
fn biology_bonus_applies_in_standard_mode_to_card_formulas() {
    let bio = [Variant::BiologyBonus];
    let mut salt = game_with(Kind::Solitaire, false, &bio, "Na Cl U U U U U U");
    let Ok(turn) = salt.play(&across(7, 7, &[Na, Cl])) else {
        panic!("Na Cl refused");
    };
    assert_eq!((turn.score, turn.biology_bonus), (8 + 5, 5));
    // rust is on the card, not in the body
    let mut rust = game_with(Kind::Solitaire, false, &bio, "Fe Fe O O O U U U");
    let Ok(turn) = rust.play(&across(7, 5, &[Fe, Fe, O, O, O])) else {
        panic!("rust refused");
    };
    assert_eq!(turn.biology_bonus, 0);
}

#[test]
fn ion_rules_give_a_formula_its_charge() {
    // S·O·O·O·O is neutral (a peroxide ring) without the variant, sulfate with it
    let plain = judge_with(
        Mode::Theory,
        Edition::CURRENT,
        Variants::NONE,
        &[S, O, O, O, O],
    );
    assert_eq!(plain.map(|a| a.charge), Ok(0));
    let with = judge_with(
        Mode::Theory,
        Edition::CURRENT,
        Variants::of(&[Variant::IonRules]),
        &[S, O, O, O, O],
    );
    assert_eq!(with.map(|a| a.charge), Ok(-2));
}

#[test]
fn organic_mode_refuses_a_formula_without_carbon_and_hydrogen() {
    let bag = "Na Cl C H H H H U U";
    let mut game = game_with(Kind::Solitaire, true, &[Variant::Organic], bag);
    let refused = game.play(&across(7, 7, &[Na, Cl]));
    let Err(MoveError::Formulas(rejections)) = refused else {
        panic!("Na Cl accepted: {refused:?}");
    };
    assert_eq!(rejections.len(), 1);
    assert_eq!(rejections[0].rule, Rule::NotOrganic);
    assert_eq!(rejections[0].rule.code(), "not-organic");
    assert_eq!(
        rejections[0].to_string(),
        "NaCl has neither carbon nor hydrogen: Organic Chemistry Mode counts only formulas \
         with carbon and hydrogen"
    );
    let hydrogen = game.play(&across(7, 7, &[H, H]));
    assert!(
        matches!(&hydrogen, Err(e) if e.to_string().starts_with("H₂ has no carbon")),
        "{hydrogen:?}"
    );
    // a refusal leaves the turn to play again
    assert_eq!(game.turns().len(), 0);
    let Ok(turn) = game.play(&across(7, 7, &[C, H, H, H, H])) else {
        panic!("methane refused");
    };
    assert_eq!(turn.kind, TurnKind::Play);
}

#[test]
fn organic_mode_judges_crossings_too_and_valency_first() {
    // a formula Theory Mode refuses is refused for its valency, not for Organic's rule
    let mut hydrogen = game_with(Kind::Solitaire, true, &[Variant::Organic], "H H H H U U U");
    let Err(MoveError::Formulas(rejections)) = hydrogen.play(&across(7, 7, &[H, H, H, H])) else {
        panic!("H H H H accepted");
    };
    assert_eq!(rejections[0].rule, Rule::Disconnected);
    let bag = "C H H H H O H U U U U U U U";
    let mut game = game_with(Kind::Solitaire, true, &[Variant::Organic], bag);
    assert!(game.play(&across(7, 7, &[C, H, H, H, H])).is_ok());
    // H·O down onto methane's first H makes H·O·H: water, a valid formula but not organic
    let crossing = game.play(&down(5, 8, &[H, O]));
    let Err(MoveError::Formulas(rejections)) = crossing else {
        panic!("accepted: {crossing:?}");
    };
    assert_eq!(rejections.len(), 1);
    assert_eq!(rejections[0].rule, Rule::NotOrganic);
    assert!(rejections[0].to_string().starts_with("HOH has no carbon"));
}

#[test]
fn organic_mode_generates_exactly_the_organic_plays() {
    let mut generator = MoveGenerator::new();
    let key = |tiles: &[Placement]| format!("{tiles:?}");
    // the same position with and without the variant: the organic plays are the plain plays
    // whose every formula holds C and H, no more (the generator's pruning) and no fewer
    for bag in [
        "C H H H H O O N C H H H O Na C C H H H Cl O O N H H H S K C H H H O O N",
        "C H O N Na Cl K O Mg S C H H H H O O N H C H H O Ca Cl H H H C N N O O",
        "C N Na Cl K ? Mg O H H S O O N H C H H O Ca Cl H H H C N N O O Fe Zn",
    ] {
        let mut plain = game_with(Kind::Solitaire, true, &[], bag);
        let mut organic = game_with(Kind::Solitaire, true, &[Variant::Organic], bag);
        let mut played = 0;
        for _ in 0..4 {
            let mut expected: Vec<String> = generator
                .legal_plays(&plain)
                .iter()
                .filter(|p| p.formulas.iter().all(|f| is_organic(&f.tiles)))
                .map(|p| key(&p.tiles))
                .collect();
            let plays = generator.legal_plays(&organic);
            let mut found: Vec<String> = plays.iter().map(|p| key(&p.tiles)).collect();
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{bag}");
            assert_eq!(!plays.is_empty(), generator.has_play(&organic), "{bag}");
            // every 10th is replayed through the referee (all of them take seconds unoptimised)
            for play in plays.iter().step_by(10) {
                let Ok(report) = organic.preview_play(&play.tiles) else {
                    panic!("generated play refused: {:?}", play.tiles);
                };
                assert_eq!(report.score, play.score);
            }
            let Some(best) = generator.best_play(&organic) else {
                break;
            };
            assert!(organic.play(&best.tiles).is_ok());
            assert!(plain.play(&best.tiles).is_ok());
            played += 1;
        }
        assert!(played >= 3, "{bag}: {played} plays");
    }
}

#[test]
fn a_rack_without_carbon_has_no_organic_play() {
    let bag = "Na Cl K O O N N H H";
    let plain = game_with(Kind::Solitaire, true, &[], bag);
    let organic = game_with(Kind::Solitaire, true, &[Variant::Organic], bag);
    assert!(plain.has_legal_play());
    assert!(!organic.has_legal_play());
}

#[test]
fn speed_lab_passes_a_timed_out_turn() {
    let bag = "H H O Na Cl K C O O N N Mg S S U U U U U U";
    let mut game = game_with(Kind::PassAndPlay, true, &[Variant::SpeedLab], bag);
    assert_eq!(game.variants().turn_seconds(), Some(SPEED_LAB_SECONDS));
    assert_eq!(SPEED_LAB_SECONDS, 60);
    let Ok(turn) = game.time_out() else {
        panic!("time-out refused");
    };
    assert_eq!((turn.seat, turn.kind), (0, TurnKind::Pass));
    assert_eq!(game.to_move(), 1);
    assert_eq!(game.record().moves, vec![crate::record::Move::Pass]);
    // recorded as a pass, it replays as one
    let Ok(again) = Game::replay(&game.record()) else {
        panic!("replay");
    };
    assert_eq!(again.turns(), game.turns());
    // everyone timing out twice in a row is everyone stuck
    for _ in 0..3 {
        assert!(game.time_out().is_ok());
    }
    assert_eq!(game.ending(), Some(Ending::AllPassed));
    assert_eq!(game.time_out().err(), Some(MoveError::GameOver));
}

#[test]
fn only_speed_lab_has_a_turn_timer() {
    let mut game = game_with(
        Kind::PassAndPlay,
        true,
        &[],
        "H H O U U U U U U U U U U U U",
    );
    assert_eq!(game.variants().turn_seconds(), None);
    assert_eq!(game.time_out().err(), Some(MoveError::NoTurnTimer));
    assert!(game.turns().is_empty());
}

#[test]
fn junior_chemist_is_recorded_and_changes_no_score() {
    let bag = "H H O Na Cl K C U U U";
    let mut plain = game_with(Kind::Solitaire, true, &[], bag);
    let mut junior = game_with(Kind::Solitaire, true, &[Variant::Junior], bag);
    assert!(junior.variants().card_open());
    assert!(!plain.variants().card_open());
    for game in [&mut plain, &mut junior] {
        assert!(game.play(&across(7, 6, &[H, H, O])).is_ok());
    }
    assert_eq!(plain.scores(), junior.scores());
    assert!(junior
        .record()
        .to_json()
        .contains(r#""variants":["junior"]"#));
}

fn with_variants(kind: &str, theory: bool, variants: &str) -> String {
    let players = if kind == "solitaire" {
        r#"["You"]"#
    } else {
        r#"["A","B"]"#
    };
    format!(
        r#"{{"format":"molscrab-game/1","kind":"{kind}","theory":{theory},"players":{players},"seed":1,"variants":{variants},"moves":[]}}"#
    )
}

#[test]
fn the_record_reads_and_writes_its_variants() {
    let Ok(record) = GameRecord::parse(&with_variants(
        "pass-and-play",
        true,
        r#"["speed-lab","organic","biology-bonus","junior"]"#,
    )) else {
        panic!("refused");
    };
    assert_eq!(record.variants.iter().count(), 4);
    // written in code order, and read back the same
    let json = record.to_json();
    assert!(
        json.contains(r#""variants":["biology-bonus","junior","organic","speed-lab"],"moves""#),
        "{json}"
    );
    assert_eq!(GameRecord::parse(&json), Ok(record));
    // none: no key at all, as before variants existed
    let Ok(plain) = GameRecord::parse(&with_variants("solitaire", false, "[]")) else {
        panic!("refused");
    };
    assert!(plain.variants.is_empty());
    assert!(!plain.to_json().contains("variants"));
    let Ok(null) = GameRecord::parse(&with_variants("solitaire", false, "null")) else {
        panic!("refused");
    };
    assert_eq!(null, plain);
}

#[test]
fn a_record_with_a_variant_this_build_does_not_know_is_refused() {
    let e = record_error(&with_variants(
        "solitaire",
        true,
        r#"["teach-and-challenge"]"#,
    ));
    assert_eq!(e, RecordError::UnknownVariant("teach-and-challenge".into()));
    assert_eq!(
        e.to_string(),
        "This game is played with the table variant \"teach-and-challenge\", which this version \
         does not know (it knows \"biology-bonus\", \"ion-rules\", \"junior\", \"organic\", \
         \"speed-lab\")."
    );
    assert_eq!(
        record_error(&with_variants("solitaire", true, r#"["junior","junior"]"#)),
        RecordError::RepeatedVariant(Variant::Junior)
    );
    assert!(matches!(
        record_error(&with_variants("solitaire", true, r#""junior""#)),
        RecordError::WrongType { .. }
    ));
    assert!(matches!(
        record_error(&with_variants("solitaire", true, "[1]")),
        RecordError::WrongType { .. }
    ));
}

#[test]
fn organic_is_theory_only_and_speed_lab_not_solitaire() {
    let e = record_error(&with_variants("solitaire", false, r#"["organic"]"#));
    assert_eq!(e, RecordError::VariantMisfit(Variant::Organic));
    assert!(e.to_string().contains("Theory Mode only"), "{e}");
    let e = record_error(&with_variants("solitaire", true, r#"["speed-lab"]"#));
    assert_eq!(e, RecordError::VariantMisfit(Variant::SpeedLab));
    assert!(e.to_string().contains("not played in Solitaire"), "{e}");
    assert!(GameRecord::parse(&with_variants(
        "pass-and-play",
        true,
        r#"["speed-lab","organic"]"#
    ))
    .is_ok());
    // a record built in code is checked the same way when a game starts from it
    let mut record =
        GameRecord::new_game(Kind::Solitaire, Mode::Standard, vec!["You".into()], 0, 1);
    record.variants = Variants::of(&[Variant::Organic]);
    assert_eq!(
        Game::start(record).err(),
        Some(RecordError::VariantMisfit(Variant::Organic))
    );
}

#[test]
fn a_loaded_game_plays_by_its_variants() {
    let json = r#"{"format":"molscrab-game/1","kind":"solitaire","theory":true,"players":["You"],
        "bag":["H","H","O","Na","Cl","K","C","U"],"variants":["biology-bonus","organic"],
        "moves":[{"play":[{"row":7,"col":7,"el":"Na"},{"row":7,"col":8,"el":"Cl"}]}]}"#;
    let refused = Game::load(json);
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.to_string().contains("Organic Chemistry Mode")),
        "{refused:?}"
    );
    let json = json
        .replace(r#","organic""#, "")
        .replace(r#""organic","#, "");
    let Ok(loaded) = Game::load(&json) else {
        panic!("refused");
    };
    assert_eq!(loaded.game.scores(), vec![8 + 5]);
}

#[test]
fn the_unknown_variant_sentence_names_every_code() {
    let said = RecordError::UnknownVariant("x".into()).to_string();
    for v in Variant::ALL {
        assert!(said.contains(&format!("\"{}\"", v.code())), "{said}");
    }
}

#[test]
fn a_choice_of_variants_keeps_those_that_fit_the_game() {
    let all = Variants::of(&Variant::ALL);
    let solitaire_standard = all.fitting(Kind::Solitaire, Mode::Standard);
    assert_eq!(
        solitaire_standard,
        Variants::of(&[Variant::BiologyBonus, Variant::Junior])
    );
    assert_eq!(all.fitting(Kind::PassAndPlay, Mode::Theory), all);
    assert_eq!(
        solitaire_standard.misfit(Kind::Solitaire, Mode::Standard),
        None
    );
}
