//! The rules of RULES §3, §5 and §6 and the manual's examples, played out on real games.

use std::fmt;

use super::*;
use crate::elements::Element::*;
use crate::error::LoadError;
use crate::placement::PlacementError;
use crate::referee::Rule;

/// "H ? Na" → tiles.
fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .filter_map(Tile::from_symbol)
        .collect()
}

/// Tiles in a row from (row, col): "H H ?O" (a `?` prefix plays a Wild Isotope).
fn across(row: u8, col: u8, text: &str) -> Vec<Placement> {
    line(row, col, text, (0, 1))
}

fn down(row: u8, col: u8, text: &str) -> Vec<Placement> {
    line(row, col, text, (1, 0))
}

fn line(row: u8, col: u8, text: &str, (dr, dc): (u8, u8)) -> Vec<Placement> {
    text.split_whitespace()
        .enumerate()
        .filter_map(|(k, s)| {
            let (wild, symbol) = match s.strip_prefix('?') {
                Some(rest) => (true, rest),
                None => (false, s),
            };
            let el = Element::from_symbol(symbol)?;
            let k = k as u8;
            Some(Placement {
                row: row + k * dr,
                col: col + k * dc,
                el,
                wild,
            })
        })
        .collect()
}

fn game(kind: Kind, theory: bool, players: usize, first: usize, bag: &str) -> Game {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut record = GameRecord::new_game(
        kind,
        crate::referee::theory_or_standard(theory),
        names,
        first,
        0,
    );
    record.bag = Some(tiles(bag));
    match Game::start(record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn solitaire(bag: &str) -> Game {
    game(Kind::Solitaire, true, 1, 0, bag)
}

fn ok<T: fmt::Debug>(result: Result<T, MoveError>) -> T {
    match result {
        Ok(v) => v,
        Err(e) => panic!("refused: {e}"),
    }
}

fn spaced(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join(" ")
}

fn formulas(turn: &Turn) -> Vec<(String, i32, bool)> {
    turn.formulas
        .iter()
        .map(|f| (spaced(&f.tiles), f.score, f.known))
        .collect()
}

#[test]
fn the_worked_example_water_across_the_star_scores_6() {
    let mut g = solitaire("H H O C C C C N N N");
    let turn = ok(g.play(&across(7, 6, "H H O"))).clone();
    assert_eq!(turn.score, 6);
    assert_eq!(turn.bonus, 0);
    assert!(turn.bonus_names().is_empty());
    assert_eq!(formulas(&turn), vec![("H H O".to_string(), 6, true)]);
    assert_eq!(g.scores(), vec![6]);
    assert_eq!(g.rack(0), tiles("C C C C N N N").as_slice());
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn first_play_must_cover_the_star() {
    let mut g = solitaire("H H O");
    assert_eq!(
        g.play(&across(7, 8, "H H O")).err(),
        Some(MoveError::Placement(PlacementError::FirstPlayMustCoverStar))
    );
    assert_eq!(
        g.play(&across(7, 7, "H")).err(),
        Some(MoveError::Placement(PlacementError::FirstPlayNeedsTwoTiles))
    );
    assert!(g.turns().is_empty());
}

#[test]
fn a_play_must_use_tiles_on_the_rack() {
    let mut g = solitaire("H H O");
    assert_eq!(
        g.play(&across(7, 7, "Na Cl")).err(),
        Some(MoveError::NotOnRack(Tile::Element(Na)))
    );
    assert_eq!(
        g.play(&across(7, 7, "H ?H")).err(),
        Some(MoveError::NotOnRack(Tile::Wild))
    );
}

#[test]
fn a_rejected_formula_does_not_use_up_the_turn() {
    // Standard Mode: O·H·H is water in the wrong order
    let mut g = game(Kind::Solitaire, false, 1, 0, "O H H Na Cl");
    let before = g.clone();
    match g.play(&across(7, 6, "O H H")) {
        Err(MoveError::Formulas(rejections)) => {
            assert_eq!(rejections.len(), 1);
            assert_eq!(rejections[0].rule, Rule::CardOrder);
            assert_eq!(rejections[0].tiles, vec![O, H, H]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.record(), before.record());
    assert_eq!(g.rack(0), before.rack(0));
    assert!(g.board().is_empty());
    assert!(g.turns().is_empty());
    let turn = ok(g.play(&across(7, 7, "Na Cl")));
    assert_eq!(turn.score, 8);
}

#[test]
fn every_failing_formula_is_named() {
    // Standard: H H O on row 7; then Cl under H (7,6) and Na under H (7,7): main Cl·Na
    // (card order NaCl) and crossings H·Cl (known) and H·Na (not on card)
    let mut g = game(Kind::Solitaire, false, 1, 0, "H H O Cl Na C C C C C");
    ok(g.play(&across(7, 6, "H H O")));
    match g.play(&across(8, 6, "Cl Na")) {
        Err(MoveError::Formulas(rejections)) => {
            let rules: Vec<Rule> = rejections.iter().map(|r| r.rule).collect();
            assert_eq!(rules, vec![Rule::CardOrder, Rule::NotOnCard]);
            let message = MoveError::Formulas(rejections).to_string();
            assert!(!message.is_empty());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn preview_scores_without_changing_anything() {
    let g = solitaire("H H O C");
    let report = ok(g.preview_play(&across(7, 6, "H H O")));
    assert_eq!(report.score, 6);
    assert!(!report.full_reaction && !report.clean_bench && !report.went_out);
    assert!(g.board().is_empty());
    assert_eq!(g.rack(0).len(), 4);
}

#[test]
fn a_single_tile_may_extend_or_cross_a_formula() {
    // manual §05: H·H on the star, then O after them makes H·H·O
    let mut g = solitaire("H H O C C C C C C C");
    ok(g.play(&across(7, 7, "H H")));
    let turn = ok(g.play(&across(7, 9, "O"))).clone();
    // (7,9) is plain: 1 + 1 + 1
    assert_eq!(formulas(&turn), vec![("H H O".to_string(), 3, true)]);
}

#[test]
fn crossings_score_in_full() {
    // H·H on the star; Cl·Cl under it, (8,8) a DL: main Cl·Cl = 2 + 2×2,
    // crossings H·Cl down col 7 = 1 + 2 and down col 8 = 1 + 2×2
    let mut g = solitaire("H H Cl Cl C C C C C C");
    ok(g.play(&across(7, 7, "H H")));
    let turn = ok(g.play(&across(8, 7, "Cl Cl"))).clone();
    assert_eq!(
        formulas(&turn),
        vec![
            ("Cl Cl".to_string(), 6, true),
            ("H Cl".to_string(), 3, true),
            ("H Cl".to_string(), 5, true),
        ]
    );
    assert_eq!(turn.score, 14);
    assert_eq!(g.seat_stats(0).formulas_played, 4);
}

#[test]
fn premium_counts_only_when_first_placed() {
    let mut g = solitaire("Na Cl Cl C C C C C C C");
    assert_eq!(ok(g.play(&across(7, 7, "Na Cl"))).score, 8); // (2+2)×2
                                                             // Na·Cl down col 7 reuses the star's Na: no doubling now
    let turn = ok(g.play(&down(8, 7, "Cl"))).clone();
    assert_eq!(formulas(&turn), vec![("Na Cl".to_string(), 4, true)]);
}

#[test]
fn wild_isotope_scores_zero() {
    let mut g = solitaire("H H ? C C C C C C C");
    let turn = ok(g.play(&across(7, 6, "H H ?O"))).clone();
    // chosen element counts for the referee, but the tile is worth 0: (1+1+0)×2
    assert_eq!(formulas(&turn), vec![("H H O".to_string(), 4, true)]);
    assert_eq!(
        g.board().get(7, 8),
        Some(crate::board::BoardTile { el: O, wild: true })
    );
    assert!(!g.rack(0).contains(&Tile::Wild));
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn full_reaction_adds_15() {
    // sulfuric acid uses all seven tiles: (1+1+2+1+1+1+1)×2 + 15
    let mut g = solitaire("H H S O O O O C C C");
    let turn = ok(g.play(&across(7, 4, "H H S O O O O"))).clone();
    assert_eq!(turn.bonus, 15);
    assert_eq!(turn.bonus_names(), vec!["Full Reaction +15".to_string()]);
    assert_eq!(turn.score, 16 + 15);
    assert!(!g.is_over());
}

#[test]
fn both_bonuses_are_named_when_the_last_seven_tiles_go_down() {
    let mut g = solitaire("H H S O O O O");
    let turn = ok(g.play(&across(7, 4, "H H S O O O O"))).clone();
    assert_eq!(turn.bonus, 15 + 25);
    assert_eq!(
        turn.bonus_names(),
        vec![
            "Clean Bench +25".to_string(),
            "Full Reaction +15".to_string()
        ]
    );
    assert_eq!(g.ending(), Some(Ending::CleanBench));
}

#[test]
fn clean_bench_adds_25() {
    let mut g = solitaire("H H O");
    let turn = ok(g.play(&across(7, 6, "H H O"))).clone();
    assert_eq!(turn.bonus, 25);
    assert_eq!(turn.bonus_names(), vec!["Clean Bench +25".to_string()]);
    assert_eq!(turn.score, 31);
    assert_eq!(g.ending(), Some(Ending::CleanBench));
    assert_eq!(g.leftovers(), vec![0]);
    assert_eq!(g.winners(), Some(vec![0]));
    assert_eq!(g.play(&across(8, 6, "H")).err(), Some(MoveError::GameOver));
}

#[test]
fn full_reaction_and_clean_bench_stack() {
    let mut g = solitaire("H H S O O O O");
    let turn = ok(g.play(&across(7, 4, "H H S O O O O"))).clone();
    assert_eq!(turn.bonus, 40);
    assert_eq!(turn.score, 56);
    assert_eq!(g.ending(), Some(Ending::CleanBench));
}

#[test]
fn solitaire_has_three_exchanges() {
    let mut g = solitaire("H H H H H H H O O O O O O O C C C");
    assert_eq!(g.exchanges_left(), Some(3));
    for left in [2, 1, 0] {
        ok(g.exchange(&tiles("H")));
        assert_eq!(g.exchanges_left(), Some(left));
    }
    assert_eq!(g.can_exchange(1), Err(MoveError::NoExchangesLeft));
    assert_eq!(
        g.exchange(&tiles("O")).err(),
        Some(MoveError::NoExchangesLeft)
    );
    assert_eq!(g.turns().len(), 3);
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn exchange_never_more_than_the_bag_holds() {
    let mut g = solitaire("H H H H H H H O C");
    assert_eq!(g.bag_len(), 2);
    assert_eq!(
        g.can_exchange(3),
        Err(MoveError::MoreThanBag {
            asked: 3,
            in_bag: 2
        })
    );
    assert_eq!(g.can_exchange(0), Err(MoveError::NothingToExchange));
    // drawn first, then the chosen tiles go to the back of an explicit bag
    let turn = ok(g.exchange(&tiles("H H"))).clone();
    assert_eq!(turn.kind, TurnKind::Exchange);
    assert_eq!(turn.exchanged, 2);
    assert_eq!(g.rack(0), tiles("O C H H H H H").as_slice());
    assert_eq!(g.bag(), tiles("H H").as_slice());
}

#[test]
fn no_exchange_from_an_empty_bag() {
    let mut g = solitaire("H H O");
    assert_eq!(g.can_exchange(1), Err(MoveError::BagEmpty));
    assert_eq!(g.exchange(&tiles("H")).err(), Some(MoveError::BagEmpty));
}

#[test]
fn exchange_needs_the_tiles_on_the_rack() {
    let mut g = solitaire("H H H H H H H O C");
    assert_eq!(
        g.exchange(&tiles("O")).err(),
        Some(MoveError::NotOnRack(Tile::Element(O)))
    );
}

#[test]
fn a_seeded_exchange_reshuffles_the_bag_the_same_way_every_time() {
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 42);
    let mut g = match Game::start(record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let chosen: Vec<Tile> = g.rack(0)[..3].to_vec();
    ok(g.exchange(&chosen));
    let again = match Game::replay(&g.record()) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(again.bag(), g.bag());
    assert_eq!(again.rack(0), g.rack(0));
    assert_eq!(g.bag_len(), 116 - 7);
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn solitaire_cannot_pass() {
    let mut g = solitaire("H H O");
    assert!(!g.can_pass());
    assert_eq!(g.pass().err(), Some(MoveError::SolitaireCannotPass));
}

#[test]
fn end_game_subtracts_the_rack() {
    let mut g = solitaire("H H O U C");
    ok(g.play(&across(7, 6, "H H O")));
    let turn = ok(g.end()).clone();
    assert_eq!(turn.kind, TurnKind::End);
    assert_eq!(turn.score, 0);
    assert_eq!(g.ending(), Some(Ending::EndedEarly));
    assert_eq!(g.leftovers(), vec![-11]);
    assert_eq!(g.scores(), vec![6 - 11]);
    assert_eq!(g.winners(), Some(vec![0]));
    assert_eq!(g.end().err(), Some(MoveError::GameOver));
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn pass_and_play_cannot_end_early() {
    let mut g = game(Kind::PassAndPlay, true, 2, 0, "H H O Na Cl");
    assert_eq!(g.end().err(), Some(MoveError::EndOnlyInSolitaire));
}

#[test]
fn the_deal_goes_seat_by_seat_and_play_starts_with_first() {
    let bag = "H H H H H H H O O O O O O O C C C C C C C N";
    let mut g = game(Kind::PassAndPlay, true, 3, 2, bag);
    assert_eq!(g.rack(0), tiles("H H H H H H H").as_slice());
    assert_eq!(g.rack(1), tiles("O O O O O O O").as_slice());
    assert_eq!(g.rack(2), tiles("C C C C C C C").as_slice());
    assert_eq!(g.rack(3), &[] as &[Tile]);
    assert_eq!(g.bag_len(), 1);
    assert_eq!(g.to_move(), 2);
    ok(g.pass());
    assert_eq!(g.to_move(), 0);
    ok(g.pass());
    assert_eq!(g.to_move(), 1);
    assert_eq!(
        g.turns().iter().map(|t| t.seat).collect::<Vec<_>>(),
        vec![2, 0]
    );
}

#[test]
fn everyone_passed_twice_ends_the_game() {
    let mut g = game(Kind::PassAndPlay, true, 2, 0, "H H O U Na Cl C");
    for _ in 0..3 {
        ok(g.pass());
        assert!(!g.is_over());
    }
    ok(g.pass());
    assert_eq!(g.ending(), Some(Ending::AllPassed));
    assert_eq!(
        g.ending_text().as_deref(),
        Some("Everyone was stuck: every player passed twice in a row.")
    );
    // seat 0 holds H H O U Na Cl C = 1+1+1+10+2+2+1
    assert_eq!(g.leftovers(), vec![-18, 0]);
    assert_eq!(g.scores(), vec![-18, 0]);
    assert_eq!(g.winners(), Some(vec![1]));
    assert_eq!(g.pass().err(), Some(MoveError::GameOver));
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn a_play_or_an_exchange_breaks_the_run_of_passes() {
    let bag = "H H O O O O O Na Cl C C C C C N N";
    let mut g = game(Kind::PassAndPlay, true, 2, 0, bag);
    ok(g.pass());
    ok(g.pass());
    ok(g.pass());
    ok(g.exchange(&tiles("Na"))); // seat 1
    ok(g.pass());
    ok(g.pass());
    ok(g.pass());
    assert!(!g.is_over());
    ok(g.pass());
    assert_eq!(g.ending(), Some(Ending::AllPassed));
}

#[test]
fn went_out_takes_the_leftovers() {
    // seat 0 holds H H O, seat 1 Na Cl K; the bag is then empty
    let mut g = game(Kind::PassAndPlay, true, 2, 0, "H H O");
    let mut record = g.record();
    record.bag = Some(tiles("H H O H H H H Na Cl K"));
    g = match Game::start(record) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(g.rack(0), tiles("H H O H H H H").as_slice());
    assert_eq!(g.rack(1), tiles("Na Cl K").as_slice());
    ok(g.play(&across(7, 6, "H H O")));
    assert!(!g.is_over());
    ok(g.pass()); // seat 1
                  // H·H above the first two H: main H·H, crossings H·H and H·H
    let turn = ok(g.play(&across(6, 6, "H H"))).clone();
    assert_eq!(turn.formulas.len(), 3);
    assert!(!g.is_over());
    ok(g.pass());
    // H H under the O: O·H·H down col 8, water in Theory Mode
    let turn = ok(g.play(&down(8, 8, "H H"))).clone();
    assert_eq!(turn.bonus, 0);
    assert_eq!(g.ending(), Some(Ending::WentOut));
    assert_eq!(g.ending_text().as_deref(), Some("P0 went out."));
    // seat 1 loses Na Cl K = 6, seat 0 gains it
    assert_eq!(g.leftovers(), vec![6, -6]);
    let turn_total: i32 = g
        .turns()
        .iter()
        .filter(|t| t.seat == 0)
        .map(|t| t.score)
        .sum();
    assert_eq!(g.scores(), vec![turn_total + 6, -6]);
    assert_eq!(g.winners(), Some(vec![0]));
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn equal_top_scores_tie() {
    let bag = "H H H H H H H O O O O O O O Cl Cl Cl Cl Cl Cl Cl";
    let mut g = game(Kind::PassAndPlay, true, 3, 1, bag);
    for _ in 0..6 {
        ok(g.pass());
    }
    assert_eq!(g.ending(), Some(Ending::AllPassed));
    assert_eq!(g.scores(), vec![-7, -7, -14]);
    assert_eq!(g.winners(), Some(vec![0, 1]));
}

#[test]
fn winners_are_none_while_the_game_runs() {
    let g = game(Kind::PassAndPlay, true, 2, 0, "H O");
    assert_eq!(g.winners(), None);
    assert_eq!(g.leftovers(), vec![0, 0]);
    assert_eq!(g.exchanges_left(), None);
}

#[test]
fn the_side_panel_counts_hypothetical_multisets_once() {
    // O O O (ozone) twice in different places counts once; H H O is known
    let mut g = solitaire("O O O H H O O O C C C C C C");
    ok(g.play(&across(7, 6, "O O O")));
    ok(g.play(&down(4, 6, "H H O"))); // H H O down col 6, rows 4..6, above the O at (7,6)?
    let stats = g.seat_stats(0);
    assert!(stats.formulas_played >= 2);
    assert!(stats.best_play.is_some());
    assert_eq!(stats.hypotheticals, 2);
}

#[test]
fn replaying_the_record_gives_the_same_game() {
    let mut g = solitaire("H H Cl Cl C C C C C C N N N N N");
    ok(g.play(&across(7, 7, "H H")));
    ok(g.play(&across(8, 7, "Cl Cl")));
    ok(g.exchange(&tiles("C")));
    let again = match Game::replay(&g.record()) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(again.turns(), g.turns());
    assert_eq!(again.scores(), g.scores());
    assert_eq!(again.board(), g.board());
    assert_eq!(again.rack(0), g.rack(0));
}

#[test]
fn replay_stops_at_the_first_illegal_move() {
    let mut record = solitaire("H H O").record();
    record.moves = vec![Move::Play(across(7, 6, "H H O")), Move::Pass, Move::End];
    let error = Game::replay(&record).err();
    assert_eq!(
        error,
        Some(ReplayError {
            move_index: 1,
            error: MoveError::GameOver
        })
    );
}

#[test]
fn an_invalid_start_is_refused() {
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec![], 0, 1);
    assert!(matches!(
        Game::start(record.clone()),
        Err(RecordError::PlayerCount { count: 0, .. })
    ));
    assert!(matches!(
        Game::replay(&record),
        Err(ReplayError {
            move_index: 0,
            error: MoveError::Record(_)
        })
    ));
}

#[test]
fn a_save_loads_back_or_says_why_not() {
    let mut g = solitaire("H H O C C C C N");
    ok(g.play(&across(7, 6, "H H O")));
    let mut record = g.record();
    record.ui = molscrab_json::parse(r#"{"tentative": [{"row": 8, "col": 6, "el": "C"}]}"#).ok();
    assert!(record.ui.is_some());
    let loaded = match Game::load(&record.to_json()) {
        Ok(loaded) => loaded,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(loaded.game.scores(), vec![6]);
    assert_eq!(loaded.ui, record.ui);
    assert_eq!(loaded.game.record().ui, record.ui);
    assert!(matches!(Game::load("{}"), Err(LoadError::Record(_))));
    record.moves.push(Move::Pass);
    let e = Game::load(&record.to_json()).err();
    assert!(matches!(
        e,
        Some(LoadError::Replay(ReplayError {
            move_index: 1,
            error: MoveError::SolitaireCannotPass
        }))
    ));
    // the second move, counted from 1 for people
    assert_eq!(
        e.map(|e| e.to_string()).as_deref(),
        Some("Move 2 of this game breaks the rules: Solitaire has no passes: play, exchange, or end the game.")
    );
}

#[test]
fn going_out_collects_from_every_other_player() {
    // three seats: seat 0 gets 7 tiles, seat 1 gets Na Cl and goes out on its first turn
    let bag = "U He Ne Au Pt Hg C Na Cl";
    let mut g = game(Kind::PassAndPlay, true, 3, 1, bag);
    assert_eq!(g.rack(1), tiles("Na Cl").as_slice());
    assert_eq!(g.rack(2), &[] as &[Tile]);
    let turn = ok(g.play(&across(7, 7, "Na Cl"))).clone();
    assert_eq!(turn.score, 8);
    assert_eq!(turn.bonus, 0); // no Clean Bench outside Solitaire
    assert_eq!(g.ending(), Some(Ending::WentOut));
    // seat 0 holds 10+4+6+8+8+8+1 = 45, seat 2 nothing
    assert_eq!(g.leftovers(), vec![-45, 45, 0]);
    assert_eq!(g.scores(), vec![-45, 53, 0]);
    assert_eq!(g.winners(), Some(vec![1]));
    assert_eq!(g.check_invariants(), Ok(()));
}

#[test]
fn full_reaction_needs_all_seven_tiles() {
    // a rack of two (the bag ran out) placed whole is a Clean Bench, not a Full Reaction
    let g = solitaire("Na Cl");
    let report = ok(g.preview_play(&across(7, 7, "Na Cl")));
    assert!(!report.full_reaction);
    assert!(report.clean_bench);
    assert_eq!(report.bonus, 25);
}

#[test]
fn turns_read_as_one_line_each() {
    let mut g = solitaire("H H O O O O C N N N N N N N");
    ok(g.play(&across(7, 6, "H H O")));
    ok(g.play(&down(6, 9, "O O O")));
    ok(g.exchange(&tiles("C")));
    let lines: Vec<String> = g.turns().iter().map(|t| t.summary("Ada")).collect();
    assert_eq!(lines[0], "Ada played H₂O — water, for 6.");
    assert!(
        lines[1].starts_with("Ada played O₃ (Hypothetical)"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "Ada exchanged 1 tile.");
    let mut g = solitaire("H H O");
    ok(g.play(&across(7, 6, "H H O")));
    assert_eq!(
        g.turns()[0].summary("You"),
        "You played H₂O — water, for 31, bonus 25 included."
    );
}
