//! Score distributions of computer players under each referee (docs/COMPUTER.md): Solitaire
//! greedy and expert, and two-player greedy–greedy and expert–greedy games; mean, quartiles and
//! best of the final scores, and the wins.
//!
//! `cargo run --release -p molscrab-engine --example balance -- 200 1 chemist`
//! (games, seed, modes: any of standard, theory, chemist, comma-separated; default all three).

use molscrab_engine::chemistry::names::Substances;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::referee::{chemist, Mode};
use molscrab_engine::selfplay::{game_seed, play_game};

const TABLE: &str = include_str!("../../../public/lazy/substances.txt");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|n| n.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1);
    let modes: Vec<Mode> = args
        .get(2)
        .map_or("standard,theory,chemist", String::as_str)
        .split(',')
        .map(|m| m.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect();
    chemist::install(&Substances::parse(TABLE).expect("the committed table reads"));
    let mut computer = Computer::new();
    let setups: [&[Level]; 4] = [
        &[Level::Chemist],
        &[Level::Professor],
        &[Level::Chemist, Level::Chemist],
        &[Level::Professor, Level::Chemist],
    ];
    for mode in modes {
        for levels in setups {
            let mut scores: Vec<Vec<i32>> = vec![Vec::new(); levels.len()];
            let mut wins = vec![0u32; levels.len()];
            let mut turns = 0usize;
            for index in 0..games {
                let first = index as usize % levels.len();
                let outcome = play_game(&mut computer, game_seed(seed, index), mode, levels, first);
                assert!(outcome.violations.is_empty(), "{:?}", outcome.violations);
                turns += outcome.turns;
                for (seat, score) in outcome.scores.iter().enumerate() {
                    scores[seat].push(*score);
                }
                for &w in &outcome.winners {
                    wins[w] += 1;
                }
            }
            let names: Vec<&str> = levels.iter().map(|l| l.code()).collect();
            let mut line = format!(
                "{:8} {:14} {games} games, {:.1} turns a game:",
                mode.code(),
                names.join("–"),
                turns as f64 / f64::from(games)
            );
            for (seat, list) in scores.iter_mut().enumerate() {
                list.sort_unstable();
                let n = list.len();
                let q = |p: usize| list[(n - 1) * p / 100];
                let mean = list.iter().map(|&s| f64::from(s)).sum::<f64>() / n as f64;
                line += &format!(
                    "  [{}: mean {mean:.1}, q1 {}, median {}, q3 {}, best {}, wins {}]",
                    names[seat],
                    q(25),
                    q(50),
                    q(75),
                    list[n - 1],
                    wins[seat]
                );
            }
            println!("{line}");
        }
    }
}
