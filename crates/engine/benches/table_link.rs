//! Table link benchmarks: writing and reading links, applying a move link, joining from a whole-game invitation, refusing the largest link read.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::record::Move;
use molscrab_engine::referee::Mode;
use molscrab_engine::selfplay::{game_seed, play_game};
use molscrab_engine::table_link::{open_link, TableLink, TableState, MAX_LINK_BYTES};

fn ok<T, E: std::fmt::Display>(result: Result<T, E>) -> T {
    result.unwrap_or_else(|e| panic!("{e}"))
}

fn links(c: &mut Criterion) {
    // a whole 3-player Theory game, its moves played on seat 0's and seat 1's devices
    let outcome = play_game(
        &mut Computer::new(),
        game_seed(7, 0),
        Mode::Theory,
        &[Level::Chemist; 3],
        0,
    );
    let mut start = outcome.record.clone();
    let moves: Vec<Move> = std::mem::take(&mut start.moves);
    let mid = moves.len() / 2;
    let mut before = start.clone();
    before.moves = moves[..mid].to_vec();
    // the seat to move plays move `mid`; the next seat's device receives it
    let seat = ok(TableState::create(before.clone(), 0, 1))
        .game()
        .to_move();
    let receiver = ok(TableState::create(before.clone(), (seat + 1) % 3, 1));
    let mut sender = ok(TableState::create(before, seat, 1));
    ok(sender.play(&moves[mid]));
    let one_move = sender.link_from(mid);
    let whole = ok(TableState::create(outcome.record.clone(), 0, 1));
    let invitation = ok(whole.invitation(1));
    println!(
        "{} moves; one-move link {} chars, move link {} chars, whole-game invitation {} chars",
        moves.len(),
        one_move.len(),
        sender.move_link().len(),
        invitation.len()
    );
    let largest = format!("t1.{}", "B".repeat(MAX_LINK_BYTES - 3));

    let mut group = c.benchmark_group("table links");
    group.bench_function("write a move link (mid-game)", |b| {
        b.iter(|| black_box(&sender).move_link())
    });
    group.bench_function("read a one-move link", |b| {
        b.iter(|| TableLink::decode(black_box(&one_move)).map(|l| l.moves.len()))
    });
    group.bench_function("open a one-move link (mid-game table)", |b| {
        b.iter(|| open_link(std::slice::from_ref(black_box(&receiver)), &one_move).map(|_| ()))
    });
    group.bench_function("join from a whole-game invitation", |b| {
        b.iter(|| open_link(&[], black_box(&invitation)).map(|_| ()))
    });
    group.bench_function("refuse the largest link read (64 KB, bad checksum)", |b| {
        b.iter(|| TableLink::decode(black_box(&largest)).map(|_| ()))
    });
    group.finish();
}

criterion_group!(benches, links);
criterion_main!(benches);
