//! Table-variant benchmarks: a whole Organic Chemistry Mode game of greedy plays (the move generator's organic pruning), beside the same seed without the variant.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::game::Game;
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::{GameRecord, Kind};
use molscrab_engine::variants::{Variant, Variants};

/// Two players, Theory Mode, the best play each turn or a pass, to the end; returns the turns.
fn greedy_game(seed: u64, variants: Variants) -> usize {
    let names = vec!["A".to_string(), "B".to_string()];
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        molscrab_engine::referee::Mode::Theory,
        names,
        0,
        seed,
    );
    record.variants = variants;
    let Ok(mut game) = Game::start(record) else {
        return 0;
    };
    let mut generator = MoveGenerator::new();
    while !game.is_over() && game.turns().len() < 200 {
        let moved = match generator.best_play(&game) {
            Some(best) => game.play(&best.tiles).is_ok(),
            None => game.pass().is_ok(),
        };
        if !moved {
            break;
        }
    }
    game.turns().len()
}

fn bench(c: &mut Criterion) {
    let organic = Variants::of(&[Variant::Organic]);
    // seed 38: six turns without an organic play, the costliest of seeds 0–39 unpruned
    println!(
        "seed 38: {} turns organic, {} plain",
        greedy_game(38, organic),
        greedy_game(38, Variants::NONE)
    );
    let mut group = c.benchmark_group("variants");
    group.sample_size(10);
    group.bench_function("organic game, greedy to the end (seed 38)", |b| {
        b.iter(|| greedy_game(black_box(38), organic))
    });
    group.bench_function("plain game, greedy to the end (seed 38)", |b| {
        b.iter(|| greedy_game(black_box(38), Variants::NONE))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
