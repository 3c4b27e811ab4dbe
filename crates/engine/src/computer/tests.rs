use super::*;
use crate::elements::Element;
use crate::movegen::best_play;
use crate::record::GameRecord;
use crate::referee::Mode;
use crate::selfplay::{game_seed, run_levels};

fn two_player(mode: Mode, seed: u64) -> Game {
    crate::game::two_seat_game(mode, seed, crate::variants::Variants::NONE)
}

/// Plays a whole game with `levels` choosing every move; each move must be one the rules
/// allow. Returns the game and the moves each seat made.
fn play_out(mode: Mode, seed: u64, levels: [Level; 2]) -> Game {
    let mut computer = Computer::new();
    let mut game = two_player(mode, seed);
    while let Some(mv) = computer.choose_move(&game, levels[game.to_move()]) {
        if let Err(e) = game.apply(&mv) {
            panic!("{mode:?} seed {seed}: {mv:?} refused: {e}");
        }
        assert!(game.turns().len() < 500, "no end");
    }
    game
}

#[test]
fn levels_read_from_their_codes_and_unknown_codes_are_refused() {
    for level in Level::ALL {
        assert_eq!(Level::from_code(level.code()), Ok(level));
    }
    assert_eq!(Level::Apprentice.name(), "Apprentice");
    assert_eq!(Level::Chemist.name(), "Chemist");
    assert_eq!(Level::Professor.name(), "Professor");
    let refused = Level::from_code("Expert");
    assert_eq!(refused, Err(UnknownLevel("Expert".into())));
    let message = refused
        .map(|_| String::new())
        .unwrap_or_else(|e| e.to_string());
    assert!(
        message.contains("\"novice\", \"greedy\" or \"expert\""),
        "{message}"
    );
}

#[test]
fn every_level_plays_whole_games_with_moves_the_rules_allow() {
    for mode in [Mode::Theory, Mode::Standard] {
        for level in Level::ALL {
            let game = play_out(mode, 3, [level, Level::Chemist]);
            assert!(game.is_over());
            assert!(game
                .turns()
                .iter()
                .any(|t| t.seat == 0 && t.kind == TurnKind::Play));
        }
    }
}

#[test]
fn greedy_makes_the_highest_scoring_play() {
    let mut game = two_player(Mode::Theory, 12);
    for _ in 0..6 {
        let best = best_play(&game).map(|c| c.to_move());
        let chosen = choose_move(&game, Level::Chemist);
        assert_eq!(chosen, best);
        let Some(mv) = chosen else { break };
        assert!(game.apply(&mv).is_ok());
    }
}

#[test]
fn no_move_once_the_game_is_over() {
    let mut game = two_player(Mode::Theory, 1);
    while !game.is_over() {
        assert!(game.pass().is_ok());
    }
    for level in Level::ALL {
        assert_eq!(choose_move(&game, level), None);
    }
}

#[test]
fn the_same_position_and_seed_give_the_same_move() {
    let mut game = two_player(Mode::Theory, 21);
    for _ in 0..4 {
        let Some(mv) = choose_move(&game, Level::Chemist) else {
            break;
        };
        assert!(game.apply(&mv).is_ok());
    }
    for level in Level::ALL {
        let first = choose_move(&game, level);
        assert!(first.is_some());
        // a fresh computer, and one that has thought about other games
        let mut seasoned = Computer::new();
        let _ = seasoned.choose_move(&two_player(Mode::Theory, 5), level);
        assert_eq!(seasoned.choose_move(&game, level), first, "{level:?}");
    }
}

#[test]
fn a_stuck_computer_exchanges_he_and_ne_first_then_passes() {
    // a bag of tiles nobody can play: helium and neon form no bonds
    let record = GameRecord::parse(
        r#"{"format":"molscrab-game/1","kind":"pass-and-play","players":["A","B"],
            "bag":["He","Ne","He","Ne","He","Ne","He","Ne","He","Ne","He","Ne","He","Ne","H"]}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::start(record).unwrap_or_else(|e| panic!("{e}"));
    for level in Level::ALL {
        assert!(matches!(
            choose_move(&game, level),
            Some(Move::Exchange(tiles)) if tiles.len() == 1
        ));
    }
    let mut moves = Vec::new();
    while let Some(mv) = choose_move(&game, Level::Professor) {
        assert!(game.apply(&mv).is_ok(), "{mv:?}");
        moves.push(mv);
    }
    assert!(moves.contains(&Move::Pass));
    assert!(game.is_over());
}

#[test]
fn the_apprentice_plays_the_best_of_the_plays_it_finds() {
    let mut computer = Computer::new();
    let (mut turns, mut missed) = (0, 0);
    for (mode, seeds) in [(Mode::Standard, 0..12), (Mode::Theory, 0..3)] {
        for seed in seeds {
            let mut game = two_player(mode, seed);
            for _ in 0..8 {
                let overlooked = Overlooked::this_turn(&game);
                // the best play of all, and the best of those not overlooked
                let (mut best, mut found) = (None, None);
                let position = Position {
                    canonical: true,
                    ..game.position()
                };
                computer
                    .generator()
                    .for_each_play_above(&position, i32::MIN, &mut |play| {
                        best = best.max(Some(play.score()));
                        if !overlooked.hides(play) {
                            found = found.max(Some(play.score()));
                        }
                        i32::MIN
                    });
                let Some(Decision::Play(play)) = computer.decide(&game, Level::Apprentice) else {
                    break;
                };
                assert_eq!(Some(play.score), found.or(best), "{mode:?} seed {seed}");
                turns += 1;
                missed += usize::from(found < best);
                assert!(game.play(&play.tiles).is_ok());
            }
        }
    }
    assert!(turns >= 50, "{turns}");
    // whole classes overlooked: the best play is missed often, but not always
    assert!(missed * 5 > turns && missed < turns, "{missed} of {turns}");
}

#[test]
fn the_apprentice_overlooks_each_class_on_its_share_of_turns() {
    let (mut down, mut crossings, mut wild) = (0, 0, 0);
    for seed in 0..400 {
        let o = Overlooked::this_turn(&two_player(Mode::Standard, seed));
        down += usize::from(o.across);
        crossings += usize::from(o.crossings);
        wild += usize::from(o.wild);
    }
    // a half, three quarters and a half of 400, within about four standard deviations
    assert!((160..=240).contains(&down), "{down}");
    assert!((265..=335).contains(&crossings), "{crossings}");
    assert!((160..=240).contains(&wild), "{wild}");
}

#[test]
fn novice_loses_clearly_to_greedy_and_greedy_to_expert_less_often() {
    let summary = run_levels(6, 4, Mode::Theory, &[Level::Apprentice, Level::Chemist]);
    assert_eq!(summary.violations, 0, "{:?}", summary.details);
    let (novice, greedy) = (&summary.seats[0], &summary.seats[1]);
    assert!(novice.wins < greedy.wins, "{summary:?}");
    assert!(novice.total_score < greedy.total_score, "{summary:?}");
}

/// docs/COMPUTER.md's strength figure, small: release builds only (`make strength`), as 40 expert
/// games take minutes in a debug build.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow in debug builds: run by make strength"
)]
fn expert_beats_greedy_in_most_of_40_theory_games() {
    let summary = run_levels(40, 2026, Mode::Theory, &[Level::Professor, Level::Chemist]);
    assert_eq!(summary.violations, 0, "{:?}", summary.details);
    let (expert, greedy) = (&summary.seats[0], &summary.seats[1]);
    assert!(expert.wins > greedy.wins, "{summary:?}");
    assert!(expert.total_score > greedy.total_score, "{summary:?}");
    // every seat moved first in half the games
    assert_ne!(game_seed(2026, 0), game_seed(2026, 1));
}

/// A Standard Mode game whose first rack is `rack` (seat 0 moves first), the bag behind it
/// holding plenty of plain tiles.
fn standard_with_rack(rack: &[&str]) -> Game {
    let mut bag = rack.to_vec();
    bag.extend(std::iter::repeat_n("H", 30));
    standard_with_bag(&bag)
}

/// A two-seat Standard Mode game dealt from `bag` in its order (seat 0 first, and first to move).
fn standard_with_bag(bag: &[&str]) -> Game {
    let tiles: Vec<String> = bag.iter().map(|s| format!("\"{s}\"")).collect();
    let json = format!(
        r#"{{"format":"molscrab-game/1","kind":"pass-and-play","theory":false,
            "players":["A","B"],"first":0,"bag":[{}]}}"#,
        tiles.join(",")
    );
    let record = GameRecord::parse(&json).unwrap_or_else(|e| panic!("{e}"));
    Game::start(record).unwrap_or_else(|e| panic!("{e}"))
}

/// A leave table worth `points` for each tile named, nothing for the others.
fn table_valuing(tiles: &[(&str, f64)]) -> LeaveTable {
    let text: String = Element::ALL
        .iter()
        .map(|e| e.symbol())
        .chain(["?"])
        .map(|s| {
            let v = tiles.iter().find(|(t, _)| *t == s).map_or(0.0, |(_, v)| *v);
            format!("{s} {v} {v}\n")
        })
        .collect();
    LeaveTable::parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

fn professor_with(table: LeaveTable) -> Computer {
    Computer::with_expert(Expert {
        table: Some(table),
        ..Expert::default()
    })
}

/// The tiles a play leaves on the rack.
fn kept_after(game: &Game, play: &Candidate) -> Vec<Tile> {
    let mut kept = game.rack(game.to_move()).to_vec();
    for p in &play.tiles {
        if let Some(at) = kept.iter().position(|&t| t == p.rack_tile()) {
            kept.swap_remove(at);
        }
    }
    kept
}

#[test]
fn the_professor_keeps_the_better_leave_between_plays_of_equal_score() {
    // NaCl, KCl, NaOH and KOH all score 8: which one depends on what is worth keeping
    let game = standard_with_rack(&["Na", "O", "H", "K", "Cl", "He", "Ne"]);
    let greedy = best_play(&game).unwrap_or_else(|| panic!("a play"));
    assert_eq!(greedy.score, 8);
    let o = Tile::Element(Element::O);
    let cl = Tile::Element(Element::Cl);
    for (worth, kept) in [("O", o), ("Cl", cl)] {
        let mut professor = professor_with(table_valuing(&[(worth, 5.0)]));
        let Some(Decision::Play(play)) = professor.decide(&game, Level::Professor) else {
            panic!("the Professor plays");
        };
        assert_eq!(play.score, 8, "{play:?}");
        assert!(
            kept_after(&game, &play).contains(&kept),
            "{worth}: {play:?}"
        );
    }
    // the referee's own table: the card's formulas need oxygen most
    let Some(Decision::Play(play)) = Computer::new().decide(&game, Level::Professor) else {
        panic!("the Professor plays");
    };
    assert!(kept_after(&game, &play).contains(&o), "{play:?}");
}

#[test]
fn the_professor_exchanges_a_poor_rack_that_greedy_would_play_from() {
    let game = standard_with_rack(&["H", "H", "U", "Au", "Pt", "Hg", "Ne"]);
    assert!(matches!(
        choose_move(&game, Level::Chemist),
        Some(Move::Play(_))
    ));
    let dead = [
        ("U", -5.0),
        ("Au", -5.0),
        ("Pt", -5.0),
        ("Hg", -5.0),
        ("Ne", -5.0),
    ];
    let mut professor = professor_with(table_valuing(&dead));
    let Some(Move::Exchange(given)) = professor.choose_move(&game, Level::Professor) else {
        panic!("the Professor exchanges");
    };
    let mut given: Vec<&str> = given.iter().map(|t| t.symbol()).collect();
    given.sort_unstable();
    assert_eq!(given, ["Au", "Hg", "Ne", "Pt", "U"]);
}

#[test]
fn a_found_play_knows_its_formula_s_line_and_its_crossings_as_the_built_play_does() {
    let mut computer = Computer::new();
    let mut plays = 0;
    for (mode, seed) in [(Mode::Standard, 0), (Mode::Standard, 1), (Mode::Theory, 2)] {
        let mut game = two_player(mode, seed);
        for _ in 0..8 {
            let position = Position {
                canonical: true,
                ..game.position()
            };
            computer
                .generator()
                .for_each_play_above(&position, i32::MIN, &mut |found| {
                    let built = found.candidate();
                    let main = built.formulas.first().map(|f| f.run.direction);
                    assert_eq!(
                        main.map(|d| d == crate::placement::Direction::Across),
                        Some(found.across()),
                        "{built:?}"
                    );
                    assert_eq!(built.formulas.len() > 1, found.crosses(), "{built:?}");
                    assert_eq!(built.tiles.iter().any(|p| p.wild), found.uses_wild());
                    plays += 1;
                    i32::MIN
                });
            let Some(Decision::Play(play)) = computer.decide(&game, Level::Chemist) else {
                break;
            };
            assert!(game.play(&play.tiles).is_ok());
        }
    }
    assert!(plays > 200, "{plays}");
}

/// The moves `computer` chooses for every seat over the first `moves` turns of a two-player
/// Theory game.
fn opening_moves(computer: &mut Computer, seed: u64, moves: usize) -> Vec<Move> {
    let mut game = two_player(Mode::Theory, seed);
    let mut chosen = Vec::new();
    while chosen.len() < moves {
        let Some(mv) = computer.choose_move(&game, Level::Professor) else {
            break;
        };
        game.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        chosen.push(mv);
    }
    chosen
}

#[test]
fn with_two_seats_every_other_seat_answering_is_the_next_seat_answering() {
    // the look-ahead of three- and four-seat tables changes nothing at a two-seat one
    let next_only = Expert {
        every_opponent: false,
        ..Expert::default()
    };
    let mut before = Computer::with_expert(next_only);
    let mut now = Computer::new();
    let moves = opening_moves(&mut now, 7, 6);
    assert_eq!(moves.len(), 6);
    assert!(
        moves.iter().any(|m| matches!(m, Move::Play(_))),
        "{moves:?}"
    );
    assert_eq!(opening_moves(&mut before, 7, 6), moves);
}

/// docs/COMPUTER.md's three-seat figure, small: release builds only (`make soak-short`).
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow in debug builds: run by make soak-short"
)]
fn expert_beats_greedy_chemists_at_three_seat_theory_tables() {
    let levels = [Level::Professor, Level::Chemist, Level::Chemist];
    let run = crate::strength::mirrored(&mut Computer::new(), 40, 2026, Mode::Theory, &levels);
    let [expert, first, second] = &run.entrants[..] else {
        panic!("three entrants: {run:?}");
    };
    // 120 games, each entrant in every seat on every deal: more than its third of the wins
    // and the highest scores
    assert_eq!(expert.wins + first.wins + second.wins, 120.0, "{run:?}");
    assert!(expert.wins > 40.0, "{run:?}");
    assert!(
        expert.total_score > first.total_score.max(second.total_score),
        "{run:?}"
    );
}

/// A two-seat Standard game in which seat 0 has just played NaCl and every tile left (both
/// racks and the bag) is helium or neon, which form no bonds: nobody can play again.
fn one_play_then_stuck() -> Game {
    let mut bag = vec!["Na", "Cl", "He", "Ne", "He", "Ne", "He"];
    bag.extend(["Ne", "He"].iter().cycle().take(35));
    let mut game = standard_with_bag(&bag);
    let play = best_play(&game).unwrap_or_else(|| panic!("NaCl"));
    assert!(play.score > 0, "{play:?}");
    game.apply(&play.to_move())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!game.has_legal_play());
    game
}

/// Plays `game` out with `computer` in both seats; the exchanges each seat made.
fn exchanges_until_the_end(computer: &mut Computer, mut game: Game) -> [usize; 2] {
    let mut exchanges = [0, 0];
    while let Some(mv) = computer.choose_move(&game, Level::Professor) {
        if matches!(mv, Move::Exchange(_)) {
            exchanges[game.to_move()] += 1;
        }
        game.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        assert!(game.turns().len() < 100, "a stuck game ends");
    }
    assert!(game.is_over());
    exchanges
}

#[test]
fn stuck_and_behind_the_professor_keeps_exchanging_where_ahead_it_lets_the_game_end() {
    // seat 0 is ahead by NaCl's points: it exchanges for two rounds, then passes; seat 1,
    // behind, keeps drawing for a play for `stuck_rounds_behind` rounds
    let game = one_play_then_stuck();
    let mut professor = Computer::new();
    let rounds = Expert::default().stuck_rounds_behind;
    assert!(rounds > 2);
    assert_eq!(
        exchanges_until_the_end(&mut professor, game.clone()),
        [2, rounds]
    );
    // with `stuck_rounds_behind` at 2: both seats give up after two rounds, whoever is ahead
    let mut even = Computer::with_expert(Expert {
        stuck_rounds_behind: 2,
        ..Expert::default()
    });
    assert_eq!(exchanges_until_the_end(&mut even, game), [2, 2]);
}

#[test]
fn under_the_biology_bonus_greedy_plays_the_highest_score_the_game_awards() {
    use crate::variants::{Variant, Variants};
    let biology = Variants::of(&[Variant::BiologyBonus]);
    let mut computer = Computer::new();
    let (mut checked, mut bonuses) = (0, 0);
    for (mode, seeds) in [(Mode::Standard, 0..8), (Mode::Theory, 0..4)] {
        for seed in seeds {
            let mut game = crate::game::two_seat_game(mode, seed, biology);
            for _ in 0..6 {
                let Some(Decision::Play(play)) = computer.decide(&game, Level::Chemist) else {
                    break;
                };
                let wild = game.rack(game.to_move()).contains(&Tile::Wild);
                // a Theory-Mode Wild Isotope makes too many plays to score each in a debug
                // build: those positions are played, not checked
                if !(wild && mode.by_valency()) {
                    // every legal play, scored by the game itself
                    let mut best = None;
                    computer.generator().for_each_play(&game, |found| {
                        let score = game.preview_play(&found.placements()).map(|r| r.score);
                        best = best.max(score.ok());
                    });
                    let report = game.preview_play(&play.tiles);
                    let actual = report.as_ref().map(|r| r.score).ok();
                    assert_eq!(actual, best, "{mode:?} seed {seed}: {:?}", play.tiles);
                    assert_eq!(actual, Some(play.score), "{mode:?} seed {seed}");
                    bonuses += usize::from(report.is_ok_and(|r| r.biology_bonus > 0));
                    checked += 1;
                }
                if let Err(e) = game.play(&play.tiles) {
                    panic!("{mode:?} seed {seed}: {e}");
                }
            }
        }
    }
    assert!(
        checked > 20 && bonuses > 0,
        "{checked} checked, {bonuses} with a bonus"
    );
}
