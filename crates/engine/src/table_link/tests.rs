//! Table links against the rules of RULES §10: round trips, joining, and every kind of bad link refused with nothing changed.

use super::*;
use crate::board::Placement;
use crate::elements::{Element, Tile};
use crate::error::MoveError;
use crate::movegen::MoveGenerator;
use crate::referee::Mode;

const HOST: &str = "https://someone.github.io/molecular-scrabble/#";

fn record(players: &[&str], seed: u64) -> GameRecord {
    GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Theory,
        players.iter().map(|p| p.to_string()).collect(),
        0,
        seed,
    )
}

fn ok<T, E: std::fmt::Display>(result: Result<T, E>) -> T {
    match result {
        Ok(v) => v,
        Err(e) => panic!("refused: {e}"),
    }
}

fn err<T: std::fmt::Debug, E>(result: Result<T, E>) -> E {
    match result {
        Ok(v) => panic!("accepted: {v:?}"),
        Err(e) => e,
    }
}

/// The best play for whoever is to move, or a pass.
fn best(game: &Game) -> Move {
    MoveGenerator::new()
        .best_play(game)
        .map_or(Move::Pass, |c| Move::Play(c.tiles))
}

/// A table of `players` seen from every seat: device 0 opened it, the others joined by
/// invitation.
fn devices(players: &[&str], seed: u64) -> Vec<TableState> {
    let host = ok(TableState::create(record(players, seed), 0, 7));
    let mut all = vec![host.clone()];
    for seat in 1..players.len() {
        let invitation = ok(host.invitation(seat));
        match ok(open_link(&[], &invitation)) {
            Opened::Joined(table) => all.push(*table),
            other => panic!("{other:?}"),
        }
    }
    all
}

/// The device to move plays `mv` and sends its move link; it comes back.
fn move_and_send(devices: &mut [TableState], mv: &Move) -> String {
    let seat = devices[0].game().to_move();
    ok(devices[seat].play(mv));
    devices[seat].move_link()
}

/// The device to move makes the best play (or passes) and sends its move link.
fn send_best(devices: &mut [TableState]) -> String {
    let seat = devices[0].game().to_move();
    let mv = best(devices[seat].game());
    move_and_send(devices, &mv)
}

fn open_on(device: &mut TableState, link: &str) -> usize {
    match ok(device.apply_text(link)) {
        Applied::Advanced {
            table,
            added,
            set_aside,
        } => {
            assert_eq!(set_aside, [], "a move of this device was set aside");
            *device = *table;
            added
        }
        Applied::NothingNew => 0,
    }
}

#[test]
fn an_invitation_joins_its_seat_on_a_fresh_device() {
    let all = devices(&["Ada", "Bo", "Cy"], 11);
    for (seat, device) in all.iter().enumerate() {
        assert_eq!(device.seat(), seat);
        assert_eq!(device.id(), all[0].id());
        assert_eq!(device.record(), all[0].record());
        assert_eq!(device.is_my_turn(), seat == 0);
    }
}

#[test]
fn the_id_depends_on_the_nonce_and_the_start() {
    let a = ok(TableState::create(record(&["Ada", "Bo"], 1), 0, 1)).id();
    let b = ok(TableState::create(record(&["Ada", "Bo"], 1), 0, 2)).id();
    let c = ok(TableState::create(record(&["Ada", "Cy"], 1), 0, 1)).id();
    let again = ok(TableState::create(record(&["Ada", "Bo"], 1), 0, 1)).id();
    assert_eq!(a, again);
    assert_ne!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.text().len(), 11);
    assert_eq!(TableId::from_text(&a.text()), Some(a));
}

#[test]
fn a_move_link_applies_once_then_changes_nothing() {
    let mut all = devices(&["Ada", "Bo"], 3);
    let mv = best(all[0].game());
    let link = move_and_send(&mut all, &mv);
    assert_eq!(open_on(&mut all[1], &link), 1);
    assert_eq!(all[1].record(), all[0].record());
    assert!(all[1].is_my_turn());
    // the same link again, and on the sender's own device
    assert!(matches!(ok(all[1].apply_text(&link)), Applied::NothingNew));
    assert!(matches!(ok(all[0].apply_text(&link)), Applied::NothingNew));
    assert!(matches!(
        ok(open_link(&all, &link)),
        Opened::NothingNew { index: 0 }
    ));
}

#[test]
fn links_round_trip_every_kind_of_move() {
    let table = ok(TableState::create(
        record(&["Ada", "Bo", "Cy", "Di"], 5),
        2,
        9,
    ));
    let moves = vec![
        Move::Play(vec![
            Placement::new(7, 6, Element::H),
            Placement::wild(7, 7, Element::Ne),
            Placement::new(14, 14, Element::O),
        ]),
        Move::Exchange(vec![Tile::Wild, Tile::Element(Element::Hg)]),
        Move::Pass,
        Move::End,
        Move::Play(
            (0..70)
                .map(|i| Placement::new(i / 15, i % 15, Element::U))
                .collect(),
        ),
        Move::Exchange(Vec::new()),
    ];
    for kind in [
        LinkKind::Invitation { seat: 3 },
        LinkKind::Moves,
        LinkKind::CatchUp,
    ] {
        let link = TableLink {
            kind,
            table: table.id(),
            start: (kind != LinkKind::Moves).then(|| {
                let mut start = table.record();
                start.bag = Some(vec![Tile::Wild, Tile::Element(Element::Pt)]);
                start
            }),
            first: if kind == LinkKind::Moves { 999 - 6 } else { 0 },
            moves: moves.clone(),
            base_check: 0xDEAD_BEEF,
            result_check: 7,
        };
        let text = link.encode();
        assert!(text.starts_with("t1."), "{text}");
        assert!(text[3..]
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(TableLink::decode(&text), Ok(link.clone()));
        assert_eq!(TableLink::decode(&format!("  {text}\n")), Ok(link.clone()));
        assert_eq!(
            TableLink::decode(payload(&format!("{HOST}{text}"))),
            Ok(link.clone())
        );
        // the link inside a messenger's message, with words, punctuation and an emoji around it
        for pasted in [
            format!("Here is my move: {HOST}{text} 👍"),
            format!("my move ({HOST}{text})."),
            format!("next:\n{text}!"),
            format!("<{HOST}{text}>"),
        ] {
            assert_eq!(
                TableLink::decode(payload(&pasted)),
                Ok(link.clone()),
                "{pasted}"
            );
        }
    }
}

#[test]
fn names_in_any_script_travel_unchanged() {
    let names = ["Zoë", "Łukasz", "山田", "🧪 Lab"];
    let host = ok(TableState::create(record(&names, 8), 0, 1));
    let Opened::Joined(guest) = ok(open_link(&[], &ok(host.invitation(3)))) else {
        panic!("not joined");
    };
    assert_eq!(guest.game().players(), host.game().players());
}

#[test]
fn a_link_from_another_table_is_refused() {
    let mut ours = devices(&["Ada", "Bo"], 3);
    let theirs = devices(&["Ada", "Bo"], 4);
    let link = theirs[0].catch_up_link();
    assert_eq!(err(ours[1].apply_text(&link)), LinkError::OtherTable);
    let mv = best(theirs[0].game());
    let mut theirs = theirs;
    let link = move_and_send(&mut theirs, &mv);
    assert_eq!(err(open_link(&ours, &link)), LinkError::UnknownTable);
    assert_eq!(err(open_link(&[], &link)), LinkError::UnknownTable);
    // a catch-up link makes no table: only an invitation says which seat is this device's
    let catch_up = theirs[0].catch_up_link();
    assert_eq!(err(open_link(&ours, &catch_up)), LinkError::UnknownTable);
    let before = ours[1].record();
    let mv = best(ours[0].game());
    move_and_send(&mut ours, &mv);
    assert_eq!(ours[1].record(), before);
}

#[test]
fn a_link_that_skips_a_move_is_refused() {
    let mut all = devices(&["Ada", "Bo", "Cy"], 21);
    let first = send_best(&mut all);
    open_on(&mut all[1], &first);
    let second = send_best(&mut all);
    open_on(&mut all[2], &second);
    // Ada's device missed Bo's move; a link carrying only Cy's move can't follow it
    let mv = best(all[2].game());
    ok(all[2].play(&mv));
    let only_last = all[2].link_from(2);
    let before = all[0].record();
    assert_eq!(
        err(all[0].apply_text(&only_last)),
        LinkError::SkipsMoves { have: 1, first: 2 }
    );
    assert_eq!(all[0].record(), before);
    let e = err(all[0].apply_text(&only_last)).to_string();
    assert!(
        e.contains("starts at move 3") && e.contains("first 1 moves"),
        "{e}"
    );
    // Cy's move link carries every move since Cy's previous one: Ada catches up from it
    let cy_link = all[2].move_link();
    assert_eq!(open_on(&mut all[0], &cy_link), 2);
    assert_eq!(all[0].record(), all[2].record());
}

#[test]
fn a_link_built_on_other_moves_is_refused() {
    let mut all = devices(&["Ada", "Bo", "Cy"], 5);
    // two versions of Ada's first move: the table took one, a copy of Ada's device (all[0]
    // before the move) sent a pass to Cy's device
    let mut copy = all[0].clone();
    let link = send_best(&mut all);
    open_on(&mut all[1], &link);
    ok(copy.play(&Move::Pass));
    let mut cy = all[2].clone();
    open_on(&mut cy, &copy.move_link());
    let bo_link = send_best(&mut all);
    let before = cy.record();
    // Bo's link carries moves 1 and 2; Cy's device has a pass as move 1, which is not Cy's
    assert_eq!(err(cy.apply_text(&bo_link)), LinkError::Conflict { at: 0 });
    // nor does a history replace another seat's move
    let catch_up = all[1].catch_up_link();
    assert_eq!(err(cy.apply_text(&catch_up)), LinkError::Conflict { at: 0 });
    assert_eq!(
        err(cy.apply_text(&ok(all[1].invitation(2)))),
        LinkError::Conflict { at: 0 }
    );
    assert_eq!(cy.record(), before);
    // a link carrying only move 2 builds on Ada's real move 1, not the pass
    let only_bo = all[1].link_from(1);
    assert_eq!(
        err(cy.apply_text(&only_bo)),
        LinkError::DoesNotFollow { first: 1 }
    );
}

/// A 3-seat table where Cy plays on a phone (device 2) and also joined on a tablet (the
/// last), which was not opened since: `rounds` rounds played on the first three.
fn cy_on_two_devices(seed: u64, rounds: usize) -> Vec<TableState> {
    let mut all = devices(&["Ada", "Bo", "Cy"], seed);
    let Opened::Joined(tablet) = ok(open_link(&[], &ok(all[0].invitation(2)))) else {
        panic!("not joined");
    };
    for _ in 0..3 * rounds {
        let link = send_best(&mut all);
        for device in all.iter_mut() {
            open_on(device, &link);
        }
    }
    all.push(*tablet);
    all
}

#[test]
fn a_second_device_of_a_seat_catches_up_from_a_catch_up_link_or_its_invitation() {
    let all = cy_on_two_devices(31, 2);
    let tablet = &all[3];
    assert!(tablet.game().moves().is_empty());
    // the latest move link starts after the tablet's moves: it says to ask for a catch-up
    let latest = all[1].move_link();
    assert!(matches!(
        err(tablet.apply_text(&latest)),
        LinkError::SkipsMoves { have: 0, .. }
    ));
    // a catch-up link from any device, or Cy's invitation, carries Cy's moves from the phone
    for link in [
        all[0].catch_up_link(),
        all[2].catch_up_link(),
        ok(all[1].invitation(2)),
    ] {
        let Opened::Advanced {
            index: 0,
            table,
            added: 6,
            set_aside,
        } = ok(open_link(std::slice::from_ref(tablet), &link))
        else {
            panic!("not advanced");
        };
        assert_eq!(set_aside, []);
        assert_eq!(table.record(), all[2].record());
        assert_eq!(table.seat(), 2);
        assert_eq!(table.game().rack(2), all[2].game().rack(2));
    }
}

/// `n` moves made on the first three devices (whoever is to move) and opened on all four.
fn moves_everywhere(all: &mut [TableState], n: usize) {
    for _ in 0..n {
        let link = send_best(&mut all[..3]);
        for device in all.iter_mut() {
            open_on(device, &link);
        }
    }
}

#[test]
fn a_move_link_carrying_this_seats_move_from_its_other_device_applies() {
    let mut all = cy_on_two_devices(32, 1);
    let catch_up = all[0].catch_up_link();
    open_on(&mut all[3], &catch_up);
    moves_everywhere(&mut all, 2);
    // Cy plays on the phone; the phone's link, then Ada's, bring the tablet along
    let cy_link = send_best(&mut all[..3]);
    assert_eq!(open_on(&mut all[3], &cy_link), 1);
    for device in &mut all[..2] {
        open_on(device, &cy_link);
    }
    moves_everywhere(&mut all, 2);
    assert_eq!(all[3].record(), all[0].record());
    // and Cy's next turn is played on the tablet: the phone takes it in turn
    assert!(all[3].is_my_turn() && all[2].is_my_turn());
    let mv = best(all[3].game());
    ok(all[3].play(&mv));
    let tablet_link = all[3].move_link();
    assert_eq!(open_on(&mut all[2], &tablet_link), 1);
    assert_eq!(all[2].record(), all[3].record());
}

#[test]
fn this_devices_own_move_the_tables_history_replaced_is_set_aside() {
    let mut all = cy_on_two_devices(33, 1);
    let catch_up = all[0].catch_up_link();
    open_on(&mut all[3], &catch_up);
    moves_everywhere(&mut all, 2);
    let mut tablet = all.pop().unwrap();
    // Cy's turn (move 6), played on both devices: the tablet passes and does not send it;
    // the phone plays, and the table goes on from the phone's move
    assert!(tablet.is_my_turn());
    ok(tablet.play(&Move::Pass));
    let cy_link = send_best(&mut all);
    for device in all.iter_mut() {
        open_on(device, &cy_link);
    }
    let ada_link = send_best(&mut all);
    assert_ne!(all[0].game().moves()[5], Move::Pass);
    let before = tablet.record();
    // a move link does not replace it, and says how to take the table's game
    let e = err(tablet.apply_text(&ada_link));
    assert_eq!(
        e,
        LinkError::YourMoveDiffers {
            at: 5,
            name: "Cy".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "Move 6 in this link is another move for Cy than the one this device made: Cy's turn \
         was played on another device too. To take the table's game, open a catch-up link or \
         Cy's invitation; this device's move will be kept aside. Nothing was changed."
    );
    assert_eq!(tablet.record(), before);
    // the catch-up link and Cy's invitation take the table's game and give the pass back
    for device in &mut all[1..] {
        open_on(device, &ada_link);
    }
    for link in [all[1].catch_up_link(), ok(all[0].invitation(2))] {
        let Applied::Advanced {
            table,
            added: 2,
            set_aside,
        } = ok(tablet.apply_text(&link))
        else {
            panic!("not advanced");
        };
        assert_eq!(set_aside, [Move::Pass]);
        assert_eq!(table.record(), all[0].record());
        assert_eq!(table.game().rack(2), all[2].game().rack(2));
    }
    // the checks still hold for a history: one that scores differently is refused
    let mut wrong = TableLink::decode(&all[1].catch_up_link()).unwrap();
    wrong.result_check ^= 1;
    assert_eq!(
        err(tablet.apply_text(&wrong.encode())),
        LinkError::DifferentResult
    );
    assert_eq!(tablet.record(), before);
}

fn forged(table: &TableState, first: usize, moves: Vec<Move>, result_check: u32) -> String {
    let have = table.game().moves();
    TableLink {
        kind: LinkKind::Moves,
        table: table.id(),
        start: None,
        first,
        moves,
        base_check: moves_check(table.id(), &have[..first.min(have.len())]),
        result_check,
    }
    .encode()
}

#[test]
fn a_link_with_a_move_the_rules_forbid_is_refused() {
    let all = devices(&["Ada", "Bo"], 12);
    // Bo's device receives a "move" by Ada off the star
    let off_star = Move::Play(vec![Placement::new(0, 0, Element::H)]);
    let e = err(all[1].apply_text(&forged(&all[1], 0, vec![off_star], 0)));
    assert!(
        matches!(
            e,
            LinkError::Illegal {
                at: 0,
                reason: MoveError::Placement(_)
            }
        ),
        "{e:?}"
    );
    assert!(e
        .to_string()
        .starts_with("Move 1 in this link is not allowed"));
    assert!(all[1].game().moves().is_empty());
}

#[test]
fn a_link_whose_result_differs_is_refused() {
    let all = devices(&["Ada", "Bo"], 13);
    let mv = best(all[0].game());
    let e = err(all[1].apply_text(&forged(&all[1], 0, vec![mv], 12345)));
    assert_eq!(e, LinkError::DifferentResult);
}

#[test]
fn an_invitation_to_another_seat_is_refused_on_a_joined_device() {
    let all = devices(&["Ada", "Bo", "Cy"], 14);
    let for_cy = ok(all[0].invitation(2));
    let e = err(all[1].apply_text(&for_cy));
    assert_eq!(
        e,
        LinkError::OtherSeat {
            invited: "Cy".into(),
            yours: "Bo".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "This invitation is for Cy's seat; this device plays for Bo at this table. Pass it on \
         to Cy."
    );
    // one's own invitation again is a catch-up
    assert!(matches!(
        ok(all[2].apply_text(&for_cy)),
        Applied::NothingNew
    ));
    assert!(matches!(
        err(all[0].invitation(3)),
        TableError::SeatOutOfRange {
            seat: 3,
            players: 3
        }
    ));
}

#[test]
fn a_link_naming_this_table_with_another_start_is_refused() {
    let all = devices(&["Ada", "Bo"], 15);
    let mut start = all[1].record();
    start.players[0] = "Eve".into();
    let link = TableLink {
        kind: LinkKind::CatchUp,
        table: all[1].id(),
        start: Some(start),
        first: 0,
        moves: Vec::new(),
        base_check: moves_check(all[1].id(), &[]),
        result_check: 0,
    };
    assert_eq!(
        err(all[1].apply_text(&link.encode())),
        LinkError::DifferentStart
    );
}

#[test]
fn an_invitation_after_some_moves_carries_them() {
    let mut all = devices(&["Ada", "Bo", "Cy"], 16);
    for _ in 0..4 {
        let seat = all[0].game().to_move();
        let mv = best(all[seat].game());
        let link = move_and_send(&mut all, &mv);
        for (s, device) in all.iter_mut().enumerate() {
            if s != seat {
                open_on(device, &link);
            }
        }
    }
    // Cy lost the phone: a new invitation joins with the moves so far, Cy's own included
    let Opened::Joined(cy) = ok(open_link(&[], &ok(all[0].invitation(2)))) else {
        panic!("not joined");
    };
    assert_eq!(cy.record(), all[2].record());
    assert_eq!(cy.game().rack(2), all[2].game().rack(2));
}

#[test]
fn this_device_moves_only_for_its_seat_and_only_legally() {
    let mut all = devices(&["Ada", "Bo"], 17);
    let mv = best(all[0].game());
    assert_eq!(
        err(all[1].play(&mv)),
        TurnError::NotYourTurn {
            to_move: "Ada".into()
        }
    );
    let before = all[0].record();
    assert!(matches!(
        err(all[0].play(&Move::Play(vec![Placement::new(0, 0, Element::H)]))),
        TurnError::Move(MoveError::Placement(_))
    ));
    assert_eq!(all[0].record(), before);
}

// the hand-written sample of every kind of link, for the character-level tests
fn sample_links() -> Vec<String> {
    let mut all = devices(&["Ada", "Bo", "Cy"], 18);
    let mut links = vec![ok(all[0].invitation(1))];
    for _ in 0..3 {
        let mv = best(all[all[0].game().to_move()].game());
        let seat = all[0].game().to_move();
        let link = move_and_send(&mut all, &mv);
        for (s, device) in all.iter_mut().enumerate() {
            if s != seat {
                open_on(device, &link);
            }
        }
        links.push(link);
    }
    links.push(all[0].link_from(2));
    links.push(all[1].catch_up_link());
    links
}

const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

#[test]
fn a_link_edited_by_hand_is_refused_whichever_character_changed() {
    let mut tried = 0;
    for link in sample_links() {
        for at in 0..link.len() {
            for c in ALPHABET.chars().chain(['+', '/', '=', '.', ' ', 'é']) {
                if link[at..].starts_with(c) {
                    continue;
                }
                let mut edited = link[..at].to_string();
                edited.push(c);
                edited.push_str(&link[at + 1..]);
                let e = err(TableLink::decode(&edited));
                // in the prefix `t1.` an edit makes another version or no link at all
                let expected = if at < 3 {
                    matches!(e, LinkError::NotALink | LinkError::UnknownVersion(_))
                } else {
                    matches!(e, LinkError::Corrupt | LinkError::Truncated)
                };
                assert!(expected, "{edited}: {e:?}");
                tried += 1;
            }
        }
    }
    assert!(tried > 10_000, "{tried}");
}

#[test]
fn a_link_cut_short_anywhere_is_refused_as_truncated() {
    for link in sample_links() {
        for len in 1..link.len() {
            assert_eq!(
                TableLink::decode(&link[..len]),
                Err(LinkError::Truncated),
                "{}",
                &link[..len]
            );
        }
        assert!(TableLink::decode(&link).is_ok());
    }
}

#[test]
fn empty_huge_garbage_and_other_versions_are_refused() {
    assert_eq!(TableLink::decode(""), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("   "), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("rules"), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("tx.AAAA"), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("t.AAAA"), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("t01.AAAA"), Err(LinkError::NotALink));
    assert_eq!(TableLink::decode("t1.!!"), Err(LinkError::Corrupt));
    assert_eq!(TableLink::decode("t1.AAAAAAAA"), Err(LinkError::Corrupt));
    assert_eq!(
        TableLink::decode("t2.AAAA"),
        Err(LinkError::UnknownVersion(2))
    );
    assert_eq!(
        TableLink::decode("t999999999.x"),
        Err(LinkError::UnknownVersion(999_999_999))
    );
    let huge = format!("t1.{}", "A".repeat(MAX_LINK_BYTES));
    assert_eq!(
        TableLink::decode(&huge),
        Err(LinkError::TooLarge {
            bytes: MAX_LINK_BYTES + 3
        })
    );
    let huge = "x".repeat(5_000_000);
    assert!(matches!(
        open_link(&[], &huge),
        Err(LinkError::TooLarge { .. })
    ));
    // the biggest link read: well formed up to its checksum, then refused
    let big = format!("t1.{}", "B".repeat(MAX_LINK_BYTES - 3));
    assert_eq!(TableLink::decode(&big), Err(LinkError::Corrupt));
}

#[test]
fn a_well_checksummed_link_with_bad_fields_is_refused_as_malformed() {
    // bytes assembled by hand, length and checksum right, fields wrong
    fn sealed(body: &[u8]) -> String {
        let mut bytes = Vec::new();
        codec::put_number(&mut bytes, body.len() as u64 + 4);
        bytes.extend_from_slice(body);
        let crc = codec::crc32(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        format!("t1.{}", codec::base64url(&bytes))
    }
    let id = [1u8; 8];
    let with = |kind: u8, rest: &[u8]| {
        let mut b = vec![kind];
        b.extend_from_slice(&id);
        b.extend_from_slice(rest);
        sealed(&b)
    };
    let malformed = |text: String| match TableLink::decode(&text) {
        Err(LinkError::Malformed(what)) => what,
        other => panic!("{other:?}"),
    };
    assert_eq!(malformed(sealed(&[])), "nothing");
    assert_eq!(malformed(with(9, &[])), "an unknown kind of link");
    // a move link: first 0, one move, a square off the board
    assert_eq!(
        malformed(with(2, &[0, 1, 0x01, 225, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
        "a square off the board"
    );
    assert_eq!(
        malformed(with(2, &[0, 1, 0x01, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0])),
        "a tile that is not one of the 33 elements"
    );
    assert_eq!(
        malformed(with(2, &[0, 1, 0xC0, 0, 0, 0, 0, 0, 0, 0, 0])),
        "a move of an unknown kind"
    );
    // a count of moves larger than the bytes left
    assert_eq!(
        malformed(with(2, &[0, 0x90, 0x4E])),
        "more moves than it has room for"
    );
    // a play claiming 63 + 1,000,000 tiles
    assert_eq!(
        malformed(with(2, &[0, 1, 0x3F, 0xC0, 0x84, 0x3D])),
        "a move cut short"
    );
    assert_eq!(
        malformed(with(2, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7])),
        "bytes after its end"
    );
    // an invitation whose start has a name that is not UTF-8
    assert_eq!(
        malformed(with(
            1,
            &[1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 2, 1, 0xFF, 1, b'B']
        )),
        "a player's name that is not text"
    );
    // the same with good names but 5 players claimed
    assert_eq!(
        malformed(with(1, &[1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 5])),
        "more than 4 players"
    );
    // two names: a valid start, then options that repeat a key the start holds
    let mut start = vec![1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 2, 1, b'A', 1, b'B'];
    let options = br#"{"seed":1}"#;
    start.push(options.len() as u8);
    start.extend_from_slice(options);
    assert_eq!(malformed(with(1, &start)), "game options spelled two ways");
    // a first move past 0 in a link that carries the start
    let mut start = vec![1, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 2, 1, b'A', 1, b'B', 0];
    start.extend_from_slice(&[5, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        malformed(with(1, &start)),
        "a game that does not start at its first move"
    );
    // a start the record reader refuses: first seat 3 of 2
    let start = vec![1, 3, 3, 1, 2, 3, 4, 5, 6, 7, 8, 2, 1, b'A', 1, b'B', 0];
    assert!(matches!(
        TableLink::decode(&with(1, &start)),
        Err(LinkError::Record(RecordError::FirstOutOfRange {
            first: 3,
            ..
        }))
    ));
    // a solitaire start is read, but joins no table
    let solo = TableLink {
        kind: LinkKind::Invitation { seat: 0 },
        table: TableId(1),
        start: Some(GameRecord::new_game(
            Kind::Solitaire,
            Mode::Theory,
            vec!["A".into()],
            0,
            1,
        )),
        first: 0,
        moves: Vec::new(),
        base_check: moves_check(TableId(1), &[]),
        result_check: 0,
    };
    assert_eq!(
        err(open_link(&[], &solo.encode())),
        LinkError::Malformed("a game that is not for 2 to 4 players")
    );
}

#[test]
fn every_refusal_reads_as_a_sentence() {
    let errors = [
        LinkError::NotALink,
        LinkError::UnknownVersion(2),
        LinkError::TooLarge { bytes: 70_000 },
        LinkError::Truncated,
        LinkError::Corrupt,
        LinkError::Malformed("a square off the board"),
        LinkError::Record(RecordError::TooManyMoves(1001)),
        LinkError::UnknownTable,
        LinkError::OtherTable,
        LinkError::DifferentStart,
        LinkError::SkipsMoves { have: 3, first: 5 },
        LinkError::DoesNotFollow { first: 4 },
        LinkError::Conflict { at: 2 },
        LinkError::YourMoveDiffers {
            at: 2,
            name: "Bo".into(),
        },
        LinkError::Illegal {
            at: 0,
            reason: MoveError::GameOver,
        },
        LinkError::DifferentResult,
    ];
    for e in errors {
        let text = e.to_string();
        assert!(text.starts_with(char::is_uppercase), "{text}");
        assert!(text.ends_with('.'), "{text}");
        assert!(!text.contains("  "), "{text}");
    }
}

#[test]
fn a_table_saves_and_reads_back_with_its_seat_and_screen_state() {
    let mut all = devices(&["Ada", "Bo"], 19);
    let link = send_best(&mut all);
    open_on(&mut all[1], &link);
    let mut bo = all[1].clone();
    bo.set_ui(Some(Value::object([("screen", "board".into())])));
    let json = bo.to_json();
    assert!(json.contains(&format!(
        r#""table":{{"id":"{}","seat":1}}"#,
        bo.id().text()
    )));
    let back = ok(TableState::parse(&json));
    assert_eq!(back.id(), bo.id());
    assert_eq!(back.seat(), 1);
    assert_eq!(back.record(), bo.record());
    assert_eq!(back.ui(), bo.ui());
    // a saved table is a game record: the record reader and the replay read it as it is
    assert!(ok(Game::load(&json)).game.moves().len() == 1);
}

#[test]
fn a_saved_table_that_is_not_one_is_refused() {
    let table = ok(TableState::create(record(&["Ada", "Bo"], 20), 1, 3));
    let json = table.to_json();
    let plain = table.record().to_json();
    assert_eq!(
        err(TableState::parse(&plain)),
        TableError::NotATable("it has no \"table\" part")
    );
    let bad_id = json.replace(&table.id().text(), "not-an-id");
    assert!(matches!(
        err(TableState::parse(&bad_id)),
        TableError::NotATable(_)
    ));
    let bad_seat = json.replace(r#""seat":1"#, r#""seat":2"#);
    assert_eq!(
        err(TableState::parse(&bad_seat)),
        TableError::SeatOutOfRange {
            seat: 2,
            players: 2
        }
    );
    assert!(matches!(
        err(TableState::parse("{")),
        TableError::Record(RecordError::NotJson(_))
    ));
    let illegal = json.replace(r#""moves":[]"#, r#""moves":[{"end":true}]"#);
    assert!(matches!(
        err(TableState::parse(&illegal)),
        TableError::Replay(_)
    ));
    assert_eq!(
        err(TableState::create(
            GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["A".into()], 0, 1),
            0,
            1
        )),
        TableError::NotPassAndPlay
    );
}

#[test]
fn a_one_move_link_is_short() {
    let mut all = devices(&["Ada", "Bo"], 22);
    let link = send_best(&mut all);
    // a first play of up to 7 tiles: 14 bytes of tiles, ~40 of everything else
    assert!(HOST.len() + link.len() <= 120, "{}", link.len());
}
