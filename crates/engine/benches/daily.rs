//! Daily Bench benchmarks: a day's bench (greedy playability check, rerolls included), its share text, and a long history read and summed up.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::calendar::Date;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::daily::history::{DailyHistory, MAX_RESULTS};
use molscrab_engine::daily::share::share_text;
use molscrab_engine::daily::{attempt_record, greedy_bench};
use molscrab_engine::referee::Mode;
use molscrab_engine::selfplay;

fn date(text: &str) -> Date {
    Date::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn bench(c: &mut Criterion) {
    // 2026-11-30 keeps its first bag in both modes; 2026-02-04's Standard bench is attempt 5
    for (day, mode) in [
        ("2026-11-30", Mode::Theory),
        ("2026-11-30", Mode::Standard),
        ("2026-02-04", Mode::Standard),
    ] {
        let b = greedy_bench(date(day), mode);
        println!(
            "{day} {}: attempt {}, greedy {}",
            mode.code(),
            b.attempt,
            b.checked_score
        );
    }
    let mut group = c.benchmark_group("daily");
    group.sample_size(20);
    group.bench_function("theory bench, first bag kept", |b| {
        b.iter(|| greedy_bench(black_box(date("2026-11-30")), Mode::Theory))
    });
    group.bench_function("standard bench, first bag kept", |b| {
        b.iter(|| greedy_bench(black_box(date("2026-11-30")), Mode::Standard))
    });
    group.bench_function("standard bench, five rerolls", |b| {
        b.iter(|| greedy_bench(black_box(date("2026-02-04")), Mode::Standard))
    });
    // a whole Theory game's share text: one best_play per turn, replayed
    let start = attempt_record(date("2026-11-30"), Mode::Theory, 0);
    let mut played = selfplay::play_game(
        &mut Computer::new(),
        start.seed,
        Mode::Theory,
        &[Level::Chemist],
        0,
    )
    .record;
    played.players = start.players;
    println!("share text over {} moves", played.moves.len());
    group.bench_function("theory share text", |b| {
        b.iter(|| share_text(date("2026-11-30"), black_box(&played), false))
    });
    // the longest history kept, as text: read and streaks
    let mut history = DailyHistory::new();
    let mut day = date("2013-01-01");
    for i in 0..MAX_RESULTS / 2 {
        history.record(day, Mode::Theory, i as i32);
        history.record(day, Mode::Standard, 7);
        day = day.next().unwrap_or(Date::MAX);
    }
    let text = history.to_json();
    println!(
        "history of {} results: {} bytes",
        history.results().len(),
        text.len()
    );
    group.bench_function("history of 5,000 results: parse", |b| {
        b.iter(|| DailyHistory::parse(black_box(&text)).map(|h| h.results().len()))
    });
    group.bench_function("history of 5,000 results: streaks", |b| {
        b.iter(|| black_box(&history).streaks(day, None))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
