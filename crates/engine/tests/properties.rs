#![cfg(not(target_arch = "wasm32"))]
//! Properties over random games and random input: tiles conserved, replay deterministic, scores add up, records never panic.

use proptest::prelude::*;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use molscrab_engine::board::{Placement, SIZE};
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind, Move};

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// A random legal play found by trying random short lines next to the board, if any.
fn random_play(game: &Game, rng: &mut ChaCha8Rng) -> Option<Vec<Placement>> {
    let rack = game.rack(game.to_move()).to_vec();
    if rack.is_empty() {
        return None;
    }
    let anchors: Vec<(usize, usize)> = if game.board().is_empty() {
        vec![(7, 7)]
    } else {
        game.board()
            .placements()
            .map(|p| (usize::from(p.row), usize::from(p.col)))
            .collect()
    };
    for _ in 0..120 {
        let len = 1 + pick(rng, rack.len().min(4));
        let mut left = rack.clone();
        let tiles: Vec<Tile> = (0..len)
            .map(|_| left.remove(pick(rng, left.len())))
            .collect();
        let (ar, ac) = anchors[pick(rng, anchors.len())];
        let across = rng.next_u64().is_multiple_of(2);
        let back = pick(rng, len + 1) as isize;
        let (mut r, mut c) = (ar as isize, ac as isize);
        let (dr, dc) = if across { (0, 1) } else { (1, 0) };
        // start a little before the anchor, so lines run through or beside it
        r -= back * dr;
        c -= back * dc;
        if rng.next_u64().is_multiple_of(2) {
            r += dc;
            c += dr;
        }
        let mut play = Vec::new();
        let mut k = 0;
        while play.len() < tiles.len() && k < SIZE as isize {
            let (rr, cc) = (r + k * dr, c + k * dc);
            k += 1;
            if !(0..SIZE as isize).contains(&rr) || !(0..SIZE as isize).contains(&cc) {
                break;
            }
            if game.board().get(rr as usize, cc as usize).is_some() {
                continue;
            }
            let tile = tiles[play.len()];
            let (el, wild) = match tile {
                Tile::Element(e) => (e, false),
                Tile::Wild => (Element::ALL[pick(rng, 31)], true),
            };
            play.push(Placement {
                row: rr as u8,
                col: cc as u8,
                el,
                wild,
            });
        }
        if play.len() == tiles.len() && game.preview_play(&play).is_ok() {
            return Some(play);
        }
    }
    None
}

/// Plays a random game for up to `max_moves` moves, checking the invariants after each.
fn random_game(seed: u64, kind: Kind, players: usize, theory: bool, max_moves: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let first = pick(&mut rng, players);
    let mut game = match Game::new(
        kind,
        molscrab_engine::referee::theory_or_standard(theory),
        names,
        first,
        seed,
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    for _ in 0..max_moves {
        if game.is_over() {
            break;
        }
        let mv = match random_play(&game, &mut rng) {
            Some(play) => Move::Play(play),
            None => {
                let rack = game.rack(game.to_move()).to_vec();
                let n = 1 + pick(&mut rng, rack.len().max(1));
                if !rack.is_empty() && game.can_exchange(n).is_ok() && rng.next_u64() % 3 != 0 {
                    Move::Exchange(rack[..n.min(rack.len())].to_vec())
                } else if game.can_pass() {
                    Move::Pass
                } else {
                    Move::End
                }
            }
        };
        if let Err(e) = game.apply(&mv) {
            panic!("a move chosen as legal was refused: {e} ({mv:?})");
        }
        if let Err(e) = game.check_invariants() {
            panic!("after {mv:?}: {e}");
        }
    }
    game
}

fn kind_and_players() -> impl Strategy<Value = (Kind, usize)> {
    prop_oneof![
        Just((Kind::Solitaire, 1)),
        (2usize..=4).prop_map(|p| (Kind::PassAndPlay, p)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn tiles_are_conserved_and_scores_add_up(
        seed in any::<u64>(),
        (kind, players) in kind_and_players(),
        theory in any::<bool>(),
    ) {
        let game = random_game(seed, kind, players, theory, 60);
        prop_assert_eq!(game.check_invariants(), Ok(()));
        // final score = the seat's turn scores + its leftover adjustment
        let leftovers = game.leftovers();
        for (seat, score) in game.scores().into_iter().enumerate() {
            let turns: i32 = game.turns().iter().filter(|t| t.seat == seat).map(|t| t.score).sum();
            prop_assert_eq!(score, turns + leftovers[seat]);
        }
        if game.is_over() {
            let leftover_total: i32 = leftovers.iter().sum();
            if game.ending().map(|e| e.code()) == Some("went-out") {
                prop_assert_eq!(leftover_total, 0);
            } else {
                prop_assert!(leftover_total <= 0);
            }
            prop_assert!(game.winners().is_some_and(|w| !w.is_empty()));
        }
    }

    #[test]
    fn replaying_the_record_gives_the_identical_game(
        seed in any::<u64>(),
        (kind, players) in kind_and_players(),
        theory in any::<bool>(),
    ) {
        let game = random_game(seed, kind, players, theory, 40);
        let record = game.record();
        let again = match Game::replay(&record) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        prop_assert_eq!(again.turns(), game.turns());
        prop_assert_eq!(again.scores(), game.scores());
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(again.bag(), game.bag());
        for seat in 0..players {
            prop_assert_eq!(again.rack(seat), game.rack(seat));
        }
        prop_assert_eq!(again.ending(), game.ending());
        prop_assert_eq!(again.record(), record);
    }

    #[test]
    fn records_round_trip_through_json(
        seed in any::<u64>(),
        (kind, players) in kind_and_players(),
        theory in any::<bool>(),
        explicit in any::<bool>(),
    ) {
        let game = random_game(seed, kind, players, theory, 25);
        let mut record = game.record();
        if explicit {
            // the same game as an explicit bag: tiles drawn in the same order up to the first
            // exchange; only the JSON round trip matters here
            record.bag = Some(molscrab_engine::bag::shuffled(seed));
            record.ui = molscrab_json::parse(&serde_json::json!({"screen": "game", "seed": seed}).to_string()).ok();
            prop_assert!(record.ui.is_some());
        }
        let json = record.to_json();
        prop_assert_eq!(GameRecord::parse(&json), Ok(record.clone()));
        prop_assert_eq!(GameRecord::parse(&record.to_json_pretty()), Ok(record));
    }

    #[test]
    fn any_text_is_read_without_panicking(text in any::<String>()) {
        if let Ok(record) = GameRecord::parse(&text) {
            let _ = Game::replay(&record);
        }
    }

    #[test]
    fn mutated_records_are_read_without_panicking(
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<char>()), 1..6),
    ) {
        let game = random_game(seed, Kind::PassAndPlay, 2, true, 12);
        let mut text: Vec<char> = game.record().to_json().chars().collect();
        for (at, how, ch) in edits {
            if text.is_empty() {
                break;
            }
            let i = at.index(text.len());
            match how {
                0 => text[i] = ch,
                1 => { text.remove(i); }
                2 => text.insert(i, ch),
                // swap in a digit, the likeliest way to produce an off-board square or seat
                _ => text[i] = char::from(b'0' + (u32::from(ch) % 10) as u8),
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(record) = GameRecord::parse(&text) {
            let _ = Game::replay(&record);
        }
    }

    #[test]
    fn structurally_odd_records_are_read_without_panicking(
        players in prop::collection::vec(".{0,3}", 0..6),
        first in any::<i64>(),
        seed in any::<i64>(),
        rows in prop::collection::vec((any::<i32>(), any::<i32>()), 0..5),
        symbols in prop::collection::vec("[A-Za-z?]{0,2}", 0..5),
        kind in prop_oneof![Just("solitaire"), Just("pass-and-play"), Just("duel")],
    ) {
        let play: Vec<serde_json::Value> = rows
            .iter()
            .zip(symbols.iter().cycle())
            .map(|((r, c), s)| serde_json::json!({"row": r, "col": c, "el": s}))
            .collect();
        let record = serde_json::json!({
            "format": "molscrab-game/1", "kind": kind, "theory": true,
            "players": players, "first": first, "seed": seed,
            "bag": symbols,
            "moves": [{"play": play}, {"exchange": symbols}, {"pass": true}, {"end": true}],
        });
        if let Ok(record) = GameRecord::parse(&record.to_string()) {
            let _ = Game::replay(&record);
        }
    }
}

// the properties above mean little unless the random games really place tiles
#[test]
fn the_random_games_place_tiles_and_finish() {
    let mut plays = 0;
    let mut finished = 0;
    for seed in 0..12 {
        let game = random_game(seed, Kind::PassAndPlay, 2, true, 200);
        plays += game.board().len();
        finished += usize::from(game.is_over());
    }
    assert!(plays > 100, "only {plays} tiles placed");
    assert!(finished > 6, "only {finished} games finished");
    eprintln!("{plays} tiles placed, {finished} of 12 games finished");
}
