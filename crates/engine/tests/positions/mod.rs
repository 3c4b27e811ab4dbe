//! The positions the benchmarks time and the move-generation baseline pins, built the same way for both.
// the benchmarks and the baseline test each use only some of these
#![allow(dead_code)]

use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::Mode;

/// A two-player game's opening position for `seed`: an empty board, seat 0 to move.
pub fn opening(mode: Mode, seed: u64) -> Option<Game> {
    let record = GameRecord::new_game(
        Kind::PassAndPlay,
        mode,
        vec!["Ada".into(), "Bo".into()],
        0,
        seed,
    );
    Game::start(record).ok()
}

/// The first position, over seeds 0, 1, … and turns 6 to 11 of a greedy two-player game,
/// whose player to move holds 7 tiles with exactly `wilds` Wild Isotopes: fixed, so every
/// run measures the same position.
pub fn mid_game(mode: Mode, wilds: usize) -> Option<Game> {
    let mut generator = MoveGenerator::new();
    for seed in 0..500u64 {
        let Some(mut game) = opening(mode, seed) else {
            continue;
        };
        for turn in 0..12 {
            let rack = game.rack(game.to_move());
            let held = rack.iter().filter(|&&t| t == Tile::Wild).count();
            if turn >= 6
                && rack.len() == 7
                && held == wilds
                && !game.is_over()
                && generator.count_plays(&game) >= 10
            {
                return Some(game);
            }
            match generator.best_play(&game) {
                Some(best) if game.play(&best.tiles).is_ok() => {}
                _ => break,
            }
        }
    }
    None
}

/// The first position, over seeds 0, 1, … of a greedy two-player game, whose player to move
/// holds 7 tiles with exactly `wilds` Wild Isotopes while the bag holds at most `bag` tiles:
/// late in a game, the board full of places to play.
pub fn late_game(mode: Mode, wilds: usize, bag: usize) -> Option<Game> {
    let mut generator = MoveGenerator::new();
    for seed in 0..5000u64 {
        let Some(mut game) = opening(mode, seed) else {
            continue;
        };
        while !game.is_over() {
            let rack = game.rack(game.to_move());
            let held = rack.iter().filter(|&&t| t == Tile::Wild).count();
            if game.bag_len() <= bag && rack.len() == 7 && held == wilds {
                return Some(game);
            }
            match generator.best_play(&game) {
                Some(best) if game.play(&best.tiles).is_ok() => {}
                _ => break,
            }
        }
    }
    None
}
