#![cfg(not(target_arch = "wasm32"))]
//! Own-device tables end to end: self-played games passed round 2-, 3- and 4-seat tables as links, catching up from the latest link, link lengths, and links no device can be hurt by.

use proptest::prelude::*;

use molscrab_engine::board::Placement;
use molscrab_engine::computer::{Computer, Level};
use molscrab_engine::elements::{Element, Tile};
use molscrab_engine::movegen::MoveGenerator;
use molscrab_engine::record::{GameRecord, Kind, Move};
use molscrab_engine::referee::Mode;
use molscrab_engine::selfplay::{game_seed, play_game};
mod link_writer;

use link_writer::{crc32_by_table, seal};
use molscrab_engine::table_link::{
    moves_check, open_link, Applied, LinkError, LinkKind, Opened, TableId, TableLink, TableState,
};

/// A typical address before the `#` (a project page on a static host).
const HOST: &str = "https://someone.github.io/molecular-scrabble/#";
const NAMES: [&str; 4] = ["Ada", "Bo", "Cy", "Di"];

fn ok<T, E: std::fmt::Display>(result: Result<T, E>) -> T {
    match result {
        Ok(v) => v,
        Err(e) => panic!("refused: {e}"),
    }
}

/// A whole self-played game: its start (with people's names) and its moves.
fn self_played(seed: u64, mode: Mode, players: usize) -> (GameRecord, Vec<Move>) {
    let outcome = play_game(
        &mut Computer::new(),
        seed,
        mode,
        &vec![Level::Chemist; players],
        0,
    );
    assert!(outcome.violations.is_empty(), "{:?}", outcome.violations);
    let mut start = outcome.record;
    let moves = std::mem::take(&mut start.moves);
    start.players = NAMES[..players].iter().map(|n| n.to_string()).collect();
    (start, moves)
}

/// Device 0 opens the table; every other seat joins from its invitation on a fresh device.
fn seat_everyone(start: GameRecord, nonce: u64) -> Vec<TableState> {
    let host = ok(TableState::create(start, 0, nonce));
    let mut devices = vec![host.clone()];
    for seat in 1..host.game().players().len() {
        match ok(open_link(&[], &ok(host.invitation(seat)))) {
            Opened::Joined(table) => devices.push(*table),
            other => panic!("{other:?}"),
        }
    }
    devices
}

/// Opens `link` on one device's list of tables (here: one table), keeping what comes back.
fn open(device: &mut TableState, link: &str) -> usize {
    match ok(open_link(std::slice::from_ref(device), link)) {
        Opened::Advanced {
            index: 0,
            table,
            added,
            set_aside,
        } => {
            assert_eq!(set_aside, [], "a move of this device was set aside");
            *device = *table;
            added
        }
        Opened::NothingNew { index: 0 } => 0,
        other => panic!("{other:?}"),
    }
}

/// Plays `moves` round the table: the device whose seat is to move makes the move and sends
/// its move link; `deliver(device, links so far)` says which links each device opens then.
fn play_round_the_table(
    devices: &mut [TableState],
    moves: &[Move],
    deliver: impl Fn(usize, usize, &[String]) -> Vec<usize>,
) -> Vec<String> {
    let mut links: Vec<String> = Vec::new();
    for mv in moves {
        let seat = devices
            .iter()
            .find(|d| d.is_my_turn())
            .map(TableState::seat)
            .unwrap_or_else(|| panic!("no device's turn after {} links", links.len()));
        ok(devices[seat].play(mv));
        links.push(devices[seat].move_link());
        for (device, table) in devices.iter_mut().enumerate() {
            if device == seat {
                continue;
            }
            for k in deliver(device, seat, &links) {
                open(table, &links[k]);
            }
        }
    }
    links
}

fn assert_identical(devices: &[TableState], start: &GameRecord, moves: &[Move]) {
    for d in devices {
        assert_eq!(d.game().moves(), moves, "seat {}", d.seat());
        assert_eq!(d.record().seed, start.seed);
        assert_eq!(d.game().scores(), devices[0].game().scores());
        assert_eq!(d.game().winners(), devices[0].game().winners());
        assert!(d.game().is_over());
    }
}

#[test]
fn a_whole_game_round_tables_of_two_three_and_four_in_a_group_chat_ends_identical() {
    for players in 2..=4 {
        for (k, mode) in [Mode::Theory, Mode::Standard].into_iter().enumerate() {
            let (start, moves) =
                self_played(game_seed(40, (players * 2 + k) as u32), mode, players);
            let mut devices = seat_everyone(start.clone(), 99);
            // a group chat: every device opens every link as it arrives
            play_round_the_table(&mut devices, &moves, |_, _, links| vec![links.len() - 1]);
            assert_identical(&devices, &start, &moves);
        }
    }
}

/// A game under the chemist's referee travels round a table as any other: every invitation
/// and move link carries the referee (its `"referee"` key rides in the start's options), so
/// each device judges the game by the same table of substances and ends identical.
#[test]
fn a_chemist_game_round_a_table_keeps_its_referee_on_every_device() {
    use molscrab_engine::chemistry::names::Substances;
    use molscrab_engine::referee::chemist;
    let table = Substances::parse(include_str!("../../../public/lazy/substances.txt"))
        .expect("the committed table reads");
    chemist::install(&table);
    for players in [2, 3] {
        let (start, moves) = self_played(game_seed(41, players as u32), Mode::Chemist, players);
        assert_eq!(
            start.mode(),
            molscrab_engine::referee::Mode::Chemist,
            "the self-played start says its referee"
        );
        assert!(
            moves.len() > players * 4,
            "a real game: {} moves",
            moves.len()
        );
        let mut devices = seat_everyone(start.clone(), 7);
        for d in &devices {
            assert_eq!(d.game().mode(), Mode::Chemist, "seat {} joined", d.seat());
        }
        // each device opens only the links of the seat before it (a chain of messages)
        let links = play_round_the_table(&mut devices, &moves, |_, _, links| vec![links.len() - 1]);
        assert_identical(&devices, &start, &moves);
        for d in &devices {
            assert_eq!(d.game().mode(), Mode::Chemist);
            assert_eq!(d.record().mode(), molscrab_engine::referee::Mode::Chemist);
        }
        // a player who lost the phone: the invitation written now brings a fresh device the
        // whole game, under the same referee, and the catch-up link then has nothing new
        let mut fresh = match ok(open_link(&[], &ok(devices[0].invitation(1)))) {
            Opened::Joined(table) => *table,
            other => panic!("{other:?}"),
        };
        assert_eq!(fresh.game().mode(), Mode::Chemist);
        assert_eq!(fresh.game().moves(), moves.as_slice());
        assert_eq!(fresh.game().scores(), devices[1].game().scores());
        assert_eq!(open(&mut fresh, &devices[0].catch_up_link()), 0);
        assert!(!links.is_empty());
    }
}

#[test]
fn a_player_catches_up_from_the_latest_link_only() {
    for players in 2..=4 {
        let (start, moves) = self_played(game_seed(41, players as u32), Mode::Theory, players);
        let mut devices = seat_everyone(start.clone(), 5);
        let total = moves.len();
        let opened = std::cell::Cell::new(0);
        // each device opens only the newest link, and only when its own turn comes (or the
        // game has ended); every link it missed is skipped
        play_round_the_table(&mut devices, &moves, |device, sender, links| {
            let next = (sender + 1) % players;
            if device == next || links.len() == total {
                opened.set(opened.get() + 1);
                vec![links.len() - 1]
            } else {
                Vec::new()
            }
        });
        assert_identical(&devices, &start, &moves);
        // a group chat would have opened each link on every other device
        let group_chat = total * (players - 1);
        assert!(
            opened.get() < group_chat || players == 2,
            "{} of {group_chat}",
            opened.get()
        );
    }
}

#[test]
fn links_opened_late_or_twice_change_nothing_and_skipped_ones_are_refused() {
    let (start, moves) = self_played(game_seed(42, 0), Mode::Theory, 3);
    let mut devices = seat_everyone(start, 6);
    let group_chat = |_: usize, _: usize, links: &[String]| vec![links.len() - 1];
    let links = play_round_the_table(&mut devices, &moves[..6], group_chat);
    for device in &mut devices {
        for link in links.iter().rev() {
            assert_eq!(open(device, link), 0);
        }
    }
    // the seat that made move 6, its device silent since (the phone off)
    let Some(last) = devices[0].game().turns().last() else {
        panic!("no turns");
    };
    let behind_seat = last.seat;
    let mut behind = devices[behind_seat].clone();
    play_round_the_table(&mut devices, &moves[6..8], group_chat);
    // a link carrying only move 8 skips move 7
    let skipping = devices[0].link_from(7);
    assert_eq!(
        behind.apply_text(&skipping).map(|_| ()),
        Err(LinkError::SkipsMoves { have: 6, first: 7 })
    );
    assert_eq!(behind.record().moves.len(), 6);
    // a catch-up link brings it level, and its turn has come
    let catch_up = devices[(behind_seat + 1) % 3].catch_up_link();
    assert_eq!(open(&mut behind, &catch_up), 2);
    assert_eq!(behind.record(), devices[behind_seat].record());
    assert!(behind.is_my_turn());
}

#[derive(Default)]
struct Lengths(Vec<usize>);

impl Lengths {
    fn add(&mut self, link: &str) {
        self.0.push(HOST.len() + link.len());
    }
    fn describe(&self) -> String {
        let n = self.0.len().max(1);
        let mean = self.0.iter().sum::<usize>() as f64 / n as f64;
        let max = self.0.iter().copied().max().unwrap_or(0);
        let min = self.0.iter().copied().min().unwrap_or(0);
        format!(
            "mean {mean:.1}, min {min}, max {max} ({} links)",
            self.0.len()
        )
    }
    fn max(&self) -> usize {
        self.0.iter().copied().max().unwrap_or(0)
    }
}

/// docs/TABLES.md's figures (Measured): `MOLSCRAB_LINK_GAMES=50 cargo test --release -p molscrab-engine
/// --test table_links -- --nocapture link_lengths` (a few games per table size otherwise).
#[test]
fn link_lengths_fit_a_messenger() {
    let games: u32 = std::env::var("MOLSCRAB_LINK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    println!(
        "link lengths with the address {HOST:?} ({} characters) in front:",
        HOST.len()
    );
    let mut worst_one_move = 0;
    let mut worst_move_link = 0;
    for mode in [Mode::Theory, Mode::Standard] {
        for players in 2..=4 {
            let (mut one, mut sent, mut invite, mut catch_up) = Default::default();
            let (one, sent, invite, catch_up): (
                &mut Lengths,
                &mut Lengths,
                &mut Lengths,
                &mut Lengths,
            ) = (&mut one, &mut sent, &mut invite, &mut catch_up);
            let mut turns = 0;
            for g in 0..games {
                let (start, moves) = self_played(game_seed(43 + players as u64, g), mode, players);
                let mut devices = seat_everyone(start, u64::from(g));
                invite.add(&ok(devices[0].invitation(1)));
                for mv in &moves {
                    let seat = devices[0].game().to_move();
                    ok(devices[seat].play(mv));
                    let sender = &devices[seat];
                    one.add(&sender.link_from(sender.game().moves().len() - 1));
                    let link = sender.move_link();
                    sent.add(&link);
                    for (d, device) in devices.iter_mut().enumerate() {
                        if d != seat {
                            open(device, &link);
                        }
                    }
                    turns += 1;
                }
                let table = &devices[0];
                catch_up.add(&table.catch_up_link());
            }
            println!("{mode:?}, {players} players, {games} games, {turns} moves:");
            println!("  one-move link:        {}", one.describe());
            println!("  move link as sent:    {}", sent.describe());
            println!("  invitation (no move): {}", invite.describe());
            println!("  catch-up at the end:  {}", catch_up.describe());
            worst_one_move = worst_one_move.max(one.max());
            worst_move_link = worst_move_link.max(sent.max());
        }
    }
    assert!(worst_one_move <= 300, "{worst_one_move}");
    assert!(worst_move_link <= 300, "{worst_move_link}");
}

/// The link format pinned: a change to it would strand every link already sent, so it must
/// come with a new version number.
#[test]
fn the_link_format_is_pinned() {
    let start = GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Theory,
        vec!["Ada".into(), "Bo".into()],
        0,
        42,
    );
    let mut table = ok(TableState::create(start, 0, 1));
    assert_eq!(table.id().text(), PINNED_ID);
    assert_eq!(ok(table.invitation(1)), PINNED_INVITATION);
    let play = MoveGenerator::new()
        .best_play(table.game())
        .map(|c| Move::Play(c.tiles));
    ok(table.play(&play.unwrap_or(Move::Pass)));
    assert_eq!(table.move_link(), PINNED_MOVE_LINK);
}

const PINNED_ID: &str = "ijCeGk6h_eg";
const PINNED_INVITATION: &str = "t1.KwGKMJ4aTqH96AEDACoAAAAAAAAAAgNBZGECQm8AAADa9jSuLmUb_02nFy0";
const PINNED_MOVE_LINK: &str = "t1.JAKKMJ4aTqH96AABBmsAbBltAG4CbwVwB9r2NK5c4PJONXdi-A";

#[test]
fn a_move_link_written_from_the_readme_alone_is_read_and_applied() {
    let start = GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Theory,
        vec!["Ada".into(), "Bo".into()],
        0,
        42,
    );
    let host = ok(TableState::create(start, 1, 77));
    let ada = ok(TableState::create(host.record(), 0, 77));
    let Some(best) = MoveGenerator::new().best_play(ada.game()) else {
        panic!("no first play");
    };
    let mut after = ada.game().clone();
    ok(after.play(&best.tiles));
    // kind 2, id, first 0, one move; a play: count, then square and element index per tile
    let id = host.id().0.to_le_bytes();
    let mut body = vec![2];
    body.extend_from_slice(&id);
    body.extend_from_slice(&[0, 1, best.tiles.len() as u8]);
    let mut move_bytes = vec![best.tiles.len() as u8];
    for p in &best.tiles {
        let square = p.row * 15 + p.col;
        let tile = p.el.index() as u8 | if p.wild { 0x80 } else { 0 };
        body.extend_from_slice(&[square, tile]);
        move_bytes.extend_from_slice(&[square, tile]);
    }
    // base check: CRC-32 of the id; result check: of the id, the move, the scores, the bag
    let base = crc32_by_table(&id);
    let mut result_input = id.to_vec();
    result_input.extend_from_slice(&move_bytes);
    for s in after.scores() {
        result_input.extend_from_slice(&s.to_le_bytes());
    }
    result_input.extend_from_slice(&(after.bag_len() as u32).to_le_bytes());
    body.extend_from_slice(&base.to_le_bytes());
    body.extend_from_slice(&crc32_by_table(&result_input).to_le_bytes());
    let text = seal(&body);
    match ok(host.apply_text(&text)) {
        Applied::Advanced {
            table,
            added: 1,
            set_aside,
        } => {
            assert_eq!(set_aside, []);
            assert_eq!(table.game().moves(), &[Move::Play(best.tiles.clone())]);
        }
        other => panic!("{other:?}"),
    }
    // and the engine writes exactly those characters
    let mut ada = ada;
    ok(ada.play(&Move::Play(best.tiles)));
    let ours = TableLink::decode(&ada.move_link());
    assert_eq!(ours, TableLink::decode(&text));
    assert_eq!(ada.move_link(), text);
}

fn placement() -> impl Strategy<Value = Placement> {
    (0u8..15, 0u8..15, 0..Element::COUNT, any::<bool>()).prop_map(|(row, col, el, wild)| {
        Placement {
            row,
            col,
            el: Element::ALL[el],
            wild,
        }
    })
}

fn tile() -> impl Strategy<Value = Tile> {
    (0..=Element::COUNT).prop_map(|i| {
        Element::ALL
            .get(i)
            .map_or(Tile::Wild, |&e| Tile::Element(e))
    })
}

fn a_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        proptest::collection::vec(placement(), 0..80).prop_map(Move::Play),
        proptest::collection::vec(tile(), 0..70).prop_map(Move::Exchange),
        Just(Move::Pass),
        Just(Move::End),
    ]
}

fn a_start() -> impl Strategy<Value = GameRecord> {
    (
        proptest::collection::vec("\\PC{0,12}", 2..=4),
        any::<bool>(),
        any::<u64>(),
        0usize..4,
        proptest::option::of(proptest::collection::vec(tile(), 0..130)),
    )
        .prop_map(|(players, theory, seed, first, bag)| {
            let first = first % players.len();
            let mut start = GameRecord::new_game(
                Kind::PassAndPlay,
                molscrab_engine::referee::theory_or_standard(theory),
                players,
                first,
                seed,
            );
            start.bag = bag;
            start
        })
}

fn a_link() -> impl Strategy<Value = TableLink> {
    (
        0u8..3,
        0usize..4,
        any::<u64>(),
        a_start(),
        0usize..900,
        proptest::collection::vec(a_move(), 0..20),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(
            |(kind, seat, id, start, first, moves, base_check, result_check)| {
                let kind = match kind {
                    0 => LinkKind::Invitation { seat },
                    1 => LinkKind::Moves,
                    _ => LinkKind::CatchUp,
                };
                let carries_start = kind != LinkKind::Moves;
                TableLink {
                    kind,
                    table: TableId(id),
                    start: carries_start.then_some(start),
                    first: if carries_start { 0 } else { first },
                    moves,
                    base_check,
                    result_check,
                }
            },
        )
}

fn a_real_link() -> &'static str {
    static LINK: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINK.get_or_init(|| {
        let (start, moves) = self_played(game_seed(44, 0), Mode::Theory, 3);
        let mut devices = seat_everyone(start, 8);
        play_round_the_table(&mut devices, &moves[..7], |_, _, links| {
            vec![links.len() - 1]
        });
        devices[0].move_link()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_link_reads_back_as_written(link in a_link()) {
        let text = link.encode();
        prop_assert!(text.len() <= molscrab_engine::table_link::MAX_LINK_BYTES);
        prop_assert_eq!(TableLink::decode(&text), Ok(link));
    }

    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,300}") {
        let _ = TableLink::decode(&text);
        let _ = open_link(&[], &text);
    }

    #[test]
    fn reading_any_base64_after_the_prefix_never_panics(body in "[A-Za-z0-9_-]{0,400}") {
        let text = format!("t1.{body}");
        let e = TableLink::decode(&text);
        // unsealed bytes pass the length and the checksum only by a 1-in-2^32 chance
        prop_assert!(e.is_err());
    }

    #[test]
    fn any_sealed_bytes_are_read_or_refused_without_a_panic(
        kind in 0u8..5,
        body in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut bytes = vec![kind];
        bytes.extend_from_slice(&body);
        let text = seal(&bytes);
        if let Ok(link) = TableLink::decode(&text) {
            // whatever reads writes back and reads the same
            prop_assert_eq!(TableLink::decode(&link.encode()), Ok(link));
        }
        let _ = open_link(&[], &text);
    }

    #[test]
    fn a_real_link_with_a_few_characters_changed_is_refused(
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0usize..64), 1..4),
    ) {
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let link = a_real_link();
        let mut bytes = link.as_bytes().to_vec();
        for (at, c) in edits {
            let at = 3 + at.index(bytes.len() - 3);
            bytes[at] = A[c];
        }
        let edited = String::from_utf8(bytes).unwrap_or_default();
        prop_assume!(edited != link);
        prop_assert!(TableLink::decode(&edited).is_err());
    }
}

#[test]
fn the_state_check_names_the_moves_it_covers() {
    let (start, moves) = self_played(game_seed(45, 0), Mode::Standard, 2);
    let table = ok(TableState::create(start, 0, 3));
    let id = table.id();
    let a = moves_check(id, &moves[..3]);
    let b = moves_check(id, &moves[..4]);
    let other = moves_check(TableId(id.0 ^ 1), &moves[..3]);
    assert_ne!(a, b);
    assert_ne!(a, other);
    assert_eq!(a, moves_check(id, &moves[..3]));
}

// base64url without padding (RULES §10.4), read back: the other half of `link_writer`
fn from_base64url(text: &str) -> Vec<u8> {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in text.bytes() {
        let v = A.iter().position(|&b| b == c).expect("base64url") as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    out
}

/// A table invitation from a build with a referee this one does not know: refused in words
/// that say so (not "edited" or "corrupt"), and nothing is joined.
#[test]
fn an_invitation_under_a_referee_this_build_does_not_know_is_refused_in_words() {
    use molscrab_engine::chemistry::names::Substances;
    use molscrab_engine::referee::chemist;
    let table = Substances::parse(include_str!("../../../public/lazy/substances.txt"))
        .expect("the committed table reads");
    chemist::install(&table);
    let start = GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Chemist,
        vec!["Ada".into(), "Bo".into()],
        0,
        5,
    );
    let table = match TableState::create(start, 0, 9) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let link = ok(table.invitation(1));
    // the link opens as it is
    assert!(matches!(open_link(&[], &link), Ok(Opened::Joined(_))));
    // the same link as a build with the referee "alchemy" would write it (same length)
    let bytes = from_base64url(link.strip_prefix("t1.").expect("a version 1 link"));
    // the body: after its length (LEB128) and before its CRC-32
    let from = bytes.iter().position(|&b| b & 0x80 == 0).expect("a length") + 1;
    let mut body = bytes[from..bytes.len() - 4].to_vec();
    let at = body
        .windows(9)
        .position(|w| w == b"\"chemist\"")
        .expect("the referee rides in the start's options");
    body[at..at + 9].copy_from_slice(b"\"alchemy\"");
    let other = seal(&body);
    match open_link(&[], &other) {
        Err(e) => {
            let said = e.to_string();
            assert!(said.contains("\"alchemy\""), "{said}");
            assert!(said.contains("does not know"), "{said}");
        }
        Ok(opened) => panic!("opened {opened:?}"),
    }
}
