//! How long a computer level takes per move over whole two-player Theory games, and which positions were the slowest: where to look for the worst case the benchmarks time.
//!
//! `cargo run --release -p molscrab-engine --example move_times -- [novice|greedy|expert] [GAMES]
//! [theory|standard|chemist]` (default expert, 30 games, Theory Mode). A second line times the
//! moves made with the bag empty (the expert's endgame search). Wall-clock times: run it on a
//! quiet machine.

use std::time::Instant;

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::elements::Tile;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::selfplay::game_seed;

const TABLE: &str = include_str!("../../../public/lazy/substances.txt");

/// One move timed: milliseconds, wilds on the rack, tiles in the bag, game, move.
struct Timed(f64, usize, usize, u32, usize);

fn main() {
    let mut args = std::env::args().skip(1);
    let level = args
        .next()
        .map(|code| Level::from_code(&code))
        .unwrap_or(Ok(Level::Professor))
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let games: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(30);
    let mode: Mode = args
        .next()
        .map(|m| m.parse().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or(Mode::Theory);
    if mode.needs_lexicon() {
        chemist::install(&Substances::parse(TABLE).expect("the committed table reads"));
    }
    let mut computer = Computer::new();
    let mut times = Vec::new();
    for index in 0..games {
        let record = GameRecord::new_game(
            Kind::PassAndPlay,
            mode,
            vec!["A".into(), "B".into()],
            index as usize % 2,
            game_seed(7, index),
        );
        let Ok(mut game) = Game::start(record) else {
            continue;
        };
        while !game.is_over() {
            let wilds = game
                .rack(game.to_move())
                .iter()
                .filter(|&&t| t == Tile::Wild)
                .count();
            let started = Instant::now();
            let Some(mv) = computer.choose_move(&game, level) else {
                break;
            };
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            times.push(Timed(ms, wilds, game.bag_len(), index, game.moves().len()));
            if game.apply(&mv).is_err() {
                eprintln!("game {index}: a computer move was refused");
                std::process::exit(1);
            }
        }
    }
    if times.is_empty() {
        return;
    }
    let mut late: Vec<f64> = times.iter().filter(|t| t.2 == 0).map(|t| t.0).collect();
    late.sort_by(|a, b| b.total_cmp(a));
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    let n = times.len();
    let mean = times.iter().map(|t| t.0).sum::<f64>() / n as f64;
    println!(
        "{}: {n} moves, mean {mean:.2} ms, median {:.2}, 90th percentile {:.2}, slowest {:.2}",
        level.code(),
        times[n / 2].0,
        times[n / 10].0,
        times[0].0
    );
    if !late.is_empty() {
        let k = late.len();
        println!(
            "  the bag empty: {k} moves, mean {:.2} ms, median {:.2}, 90th percentile {:.2}, slowest {:.2}",
            late.iter().sum::<f64>() / k as f64,
            late[k / 2],
            late[k / 10],
            late[0]
        );
    }
    for Timed(ms, wilds, bag, game, mv) in times.iter().take(5) {
        println!(
            "  {ms:.2} ms: game {game}, move {mv}, {wilds} wilds on the rack, {bag} in the bag"
        );
    }
}
