//! The table link's text (RULES §10.4): the bytes of an invitation, a move link and a catch-up link, written as `t1.` + base64url and read back with every check.

use crate::board::Placement;
use crate::elements::{Element, Tile};
use crate::kind::Kind;
use crate::record::{GameRecord, Move, RecordError, FORMAT, MAX_MOVES};
use molscrab_json::{Map, Value};

use super::codec::{base64url, crc32, from_base64url, put_number, Crc32, Reader, Short};
use super::error::LinkError;

/// The link format this build writes and reads; the text starts `t1.`.
pub const VERSION: u32 = 1;

/// A link longer than this (in bytes of text) is refused before anything else is done. A
/// catch-up link of a whole real game is 1–2 KB; even a 1,000-move record of 7-tile plays
/// stays under 25 KB.
pub const MAX_LINK_BYTES: usize = 65_536;

// the record keys the binary start holds itself; any other key a record writes travels as JSON
const KNOWN_KEYS: [&str; 9] = [
    "format", "kind", "theory", "players", "first", "seed", "bag", "moves", "ui",
];

// the byte before the table id
const INVITATION: u8 = 1;
const MOVES: u8 = 2;
const CATCH_UP: u8 = 3;

// the start's flags byte
const THEORY: u8 = 1;
const PASS_AND_PLAY: u8 = 2;
const HAS_BAG: u8 = 4;

// a move's first byte: two bits of kind, six of count (63: the rest of the count follows)
const PLAY: u8 = 0x00;
const EXCHANGE: u8 = 0x40;
const PASS: u8 = 0x80;
const END: u8 = 0x81;
const COUNT_FOLLOWS: u8 = 63;

// a tile byte: the element's index (tile-list order) and, on the board, 0x80 for a Wild Isotope;
// in an exchange the rack's `?` is this index
const WILD_TILE: u8 = Element::COUNT as u8;
const WILD_FLAG: u8 = 0x80;
const SQUARES: u8 = 225;

/// A table's identity: 8 bytes, written in saves and shown as 11 base64url characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableId(pub u64);

impl TableId {
    /// A new table's id: FNV-1a 64 over `molscrab-table`, the start's bytes and the nonce (8
    /// bytes little-endian), then the splitmix64 finalizer so that every bit looks random. The
    /// app supplies the nonce (random); the same start and nonce give the same id.
    pub fn derive(start: &GameRecord, nonce: u64) -> TableId {
        let mut bytes = b"molscrab-table".to_vec();
        put_start(&mut bytes, start);
        bytes.extend_from_slice(&nonce.to_le_bytes());
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        TableId(h ^ (h >> 31))
    }

    pub fn bytes(self) -> [u8; 8] {
        self.0.to_le_bytes()
    }

    /// The 11 characters a save writes.
    pub fn text(self) -> String {
        base64url(&self.bytes())
    }

    /// Reads [`TableId::text`]; `None` for anything else.
    pub fn from_text(text: &str) -> Option<TableId> {
        let decoded = from_base64url(text)?;
        let bytes: [u8; 8] = decoded.bytes.as_slice().try_into().ok()?;
        decoded
            .canonical
            .then_some(TableId(u64::from_le_bytes(bytes)))
    }
}

/// What a link is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// Joins `seat`: carries the start and the moves so far.
    Invitation { seat: usize },
    /// Moves since the sender last moved, building on the moves before them.
    Moves,
    /// The whole game, for a player who lost track.
    CatchUp,
}

/// A table link, read or to be written. `start` is there for invitations and catch-up links
/// (whose `first` is then 0), and only the game's start: its moves are `moves`.
#[derive(Clone, Debug, PartialEq)]
pub struct TableLink {
    pub kind: LinkKind,
    pub table: TableId,
    pub start: Option<GameRecord>,
    /// The index of the first move carried (moves count from 0).
    pub first: usize,
    pub moves: Vec<Move>,
    /// [`moves_check`] of the `first` moves before the carried ones.
    pub base_check: u32,
    /// The result check once the carried moves are applied (RULES §10.4).
    pub result_check: u32,
}

/// The state check: CRC-32 of the table id's 8 bytes followed by the moves' bytes. Two devices
/// with the same moves agree; a device whose moves differ anywhere does not.
pub fn moves_check(table: TableId, moves: &[Move]) -> u32 {
    moves_crc(table, moves).finish()
}

/// [`moves_check`] before its last step, so the result check can go on from it.
pub(super) fn moves_crc(table: TableId, moves: &[Move]) -> Crc32 {
    let mut bytes = Vec::with_capacity(8 + 4 * moves.len());
    bytes.extend_from_slice(&table.bytes());
    for mv in moves {
        put_move(&mut bytes, mv);
    }
    Crc32::new().update(&bytes)
}

/// The result check: the moves' CRC state up to the link's last move, continued with each
/// seat's score (i32 little-endian, seat order) and the tiles left in the bag (u32
/// little-endian), as the sender's engine computed them. A build that scores differently
/// disagrees.
pub(super) fn result_check(moves: Crc32, scores: &[i32], bag_len: usize) -> u32 {
    let mut bytes = Vec::with_capacity(4 * scores.len() + 4);
    for s in scores {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    bytes.extend_from_slice(&(bag_len as u32).to_le_bytes());
    moves.update(&bytes).finish()
}

impl TableLink {
    /// The link as the text after `#`: `t1.` and base64url of its bytes.
    pub fn encode(&self) -> String {
        let mut body = Vec::with_capacity(32 + 4 * self.moves.len());
        let (kind, seat) = match self.kind {
            LinkKind::Invitation { seat } => (INVITATION, Some(seat)),
            LinkKind::Moves => (MOVES, None),
            LinkKind::CatchUp => (CATCH_UP, None),
        };
        body.push(kind);
        body.extend_from_slice(&self.table.bytes());
        if let Some(seat) = seat {
            put_number(&mut body, seat as u64);
        }
        if let Some(start) = &self.start {
            put_start(&mut body, start);
        }
        put_number(&mut body, self.first as u64);
        put_number(&mut body, self.moves.len() as u64);
        for mv in &self.moves {
            put_move(&mut body, mv);
        }
        body.extend_from_slice(&self.base_check.to_le_bytes());
        body.extend_from_slice(&self.result_check.to_le_bytes());
        // the length counts what follows it, the checksum included
        let mut bytes = Vec::with_capacity(body.len() + 8);
        put_number(&mut bytes, body.len() as u64 + 4);
        bytes.extend_from_slice(&body);
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        format!("t{VERSION}.{}", base64url(&bytes))
    }

    /// Reads a link's text (what follows `#`; see [`payload`] for a whole pasted address).
    /// Checks, in order: the size cap, the `t<version>.` prefix, the characters, the length
    /// (cut short?), the spelling and the checksum (edited?), then every field. Never panics;
    /// linear in the text's length.
    pub fn decode(text: &str) -> Result<TableLink, LinkError> {
        if text.len() > MAX_LINK_BYTES {
            return Err(LinkError::TooLarge { bytes: text.len() });
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(LinkError::NotALink);
        }
        // "t", "t1": a link cut off inside its prefix
        if format!("t{VERSION}.").starts_with(text) {
            return Err(LinkError::Truncated);
        }
        let rest = text.strip_prefix('t').ok_or(LinkError::NotALink)?;
        let (version, body) = rest.split_once('.').ok_or(LinkError::NotALink)?;
        // a version is written once: digits, no leading zero
        let digits = version.bytes().all(|b| b.is_ascii_digit());
        let leading_zero = version.len() > 1 && version.starts_with('0');
        if !digits || version.is_empty() || version.len() > 9 || leading_zero {
            return Err(LinkError::NotALink);
        }
        let version: u32 = version.parse().map_err(|_| LinkError::NotALink)?;
        if version != VERSION {
            return Err(LinkError::UnknownVersion(version));
        }
        let decoded = from_base64url(body).ok_or(LinkError::Corrupt)?;
        let bytes = decoded.bytes;
        let mut reader = Reader::new(&bytes);
        let declared = reader.number().map_err(|e| match e {
            Short::End => LinkError::Truncated,
            Short::BadNumber => LinkError::Corrupt,
        })?;
        let after_length = reader.position();
        let have = reader.left() as u64;
        if have < declared {
            return Err(LinkError::Truncated);
        }
        if have > declared || !decoded.canonical || have < 4 {
            return Err(LinkError::Corrupt);
        }
        let (signed, crc) = bytes.split_at(bytes.len() - 4);
        if crc32(signed).to_le_bytes() != crc {
            return Err(LinkError::Corrupt);
        }
        let mut reader = Reader::new(&signed[after_length..]);
        let link = read_link(&mut reader)?;
        if reader.left() != 0 {
            return Err(LinkError::Malformed("bytes after its end"));
        }
        Ok(link)
    }
}

/// The part of a pasted text that is the link. A messenger's text may hold more than the link
/// ("Here is my move: https://…#t1.… 👍"): the link is what follows `#` in the first word that
/// has one (a whole address), else the first word that starts like a link (`t1.`), else the
/// whole text; then any trailing punctuation (a sentence's full stop, a bracket) is dropped,
/// which no link ends with.
pub fn payload(text: &str) -> &str {
    let words = || text.split_whitespace();
    let starts_like_a_link = |w: &&str| {
        w.strip_prefix('t')
            .and_then(|rest| rest.split_once('.'))
            .is_some_and(|(v, _)| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
    };
    let link = words()
        .find_map(|w| w.split_once('#').map(|(_, after)| after))
        .or_else(|| words().find(starts_like_a_link))
        .unwrap_or(text.trim());
    link.trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
}

fn put_tile(out: &mut Vec<u8>, tile: Tile) {
    out.push(match tile {
        Tile::Element(e) => e.index() as u8,
        Tile::Wild => WILD_TILE,
    });
}

fn put_count(out: &mut Vec<u8>, kind: u8, n: usize) {
    if n < usize::from(COUNT_FOLLOWS) {
        out.push(kind | n as u8);
    } else {
        out.push(kind | COUNT_FOLLOWS);
        put_number(out, (n - usize::from(COUNT_FOLLOWS)) as u64);
    }
}

/// A move's bytes: a play is its count then two bytes a tile (square `row * 15 + col`, then
/// the element's index plus 0x80 for a Wild Isotope); an exchange its count then a byte a
/// tile (33 for `?`); a pass 0x80; an end 0x81.
pub(super) fn put_move(out: &mut Vec<u8>, mv: &Move) {
    match mv {
        Move::Play(tiles) => {
            put_count(out, PLAY, tiles.len());
            for p in tiles {
                // a record's squares are on the board (validated), so this is below 225
                let square = usize::from(p.row) * 15 + usize::from(p.col);
                out.push(square.min(255) as u8);
                out.push(p.el.index() as u8 | if p.wild { WILD_FLAG } else { 0 });
            }
        }
        Move::Exchange(tiles) => {
            put_count(out, EXCHANGE, tiles.len());
            for &t in tiles {
                put_tile(out, t);
            }
        }
        Move::Pass => out.push(PASS),
        Move::End => out.push(END),
    }
}

/// The start's bytes: flags (1 Theory, 2 Pass and Play, 4 an explicit bag), first seat,
/// seed (8 bytes little-endian), the players (count, then each name's UTF-8 length and bytes),
/// the bag (count and tile bytes, if flagged), then the length and compact JSON of an object
/// holding any other key the record writes (variants, computers, …; length 0 when none).
fn put_start(out: &mut Vec<u8>, start: &GameRecord) {
    let mut flags = 0;
    if crate::record::stored_referee(start.mode).0 {
        flags |= THEORY;
    }
    if start.kind == Kind::PassAndPlay {
        flags |= PASS_AND_PLAY;
    }
    if start.bag.is_some() {
        flags |= HAS_BAG;
    }
    out.push(flags);
    put_number(out, start.first as u64);
    out.extend_from_slice(&start.seed.to_le_bytes());
    put_number(out, start.players.len() as u64);
    for name in &start.players {
        put_number(out, name.len() as u64);
        out.extend_from_slice(name.as_bytes());
    }
    if let Some(bag) = &start.bag {
        put_number(out, bag.len() as u64);
        for &t in bag {
            put_tile(out, t);
        }
    }
    let mut extra = Map::new();
    if let Value::Object(all) = start.to_value() {
        for (key, value) in all.iter() {
            if !KNOWN_KEYS.contains(&key) {
                extra.insert(key.to_string(), value.clone());
            }
        }
    }
    if extra.is_empty() {
        put_number(out, 0);
    } else {
        let json = Value::Object(extra).to_string();
        put_number(out, json.len() as u64);
        out.extend_from_slice(json.as_bytes());
    }
}

/// The start's bytes alone, to tell whether two starts are the same game.
pub fn start_bytes(start: &GameRecord) -> Vec<u8> {
    let mut out = Vec::new();
    put_start(&mut out, start);
    out
}

fn malformed(what: &'static str) -> impl Fn(Short) -> LinkError {
    move |_| LinkError::Malformed(what)
}

fn read_link(r: &mut Reader) -> Result<TableLink, LinkError> {
    let kind = r.byte().map_err(malformed("nothing"))?;
    let table = TableId(r.u64_le().map_err(malformed("a table id cut short"))?);
    let kind = match kind {
        INVITATION => LinkKind::Invitation {
            seat: r.count(3).map_err(malformed("a seat a table can't have"))?,
        },
        MOVES => LinkKind::Moves,
        CATCH_UP => LinkKind::CatchUp,
        _ => return Err(LinkError::Malformed("an unknown kind of link")),
    };
    let start = match kind {
        LinkKind::Moves => None,
        _ => Some(read_start(r)?),
    };
    let first = r
        .count(MAX_MOVES)
        .map_err(malformed("a move number past a game's end"))?;
    if start.is_some() && first != 0 {
        return Err(LinkError::Malformed(
            "a game that does not start at its first move",
        ));
    }
    // each move takes at least a byte, so a count beyond the bytes left is refused unread
    let count = r
        .count(r.left())
        .map_err(malformed("more moves than it has room for"))?;
    if first + count > MAX_MOVES {
        return Err(LinkError::Record(RecordError::TooManyMoves(first + count)));
    }
    let mut moves = Vec::with_capacity(count);
    for _ in 0..count {
        moves.push(read_move(r)?);
    }
    let base_check = r.u32_le().map_err(malformed("its checks cut short"))?;
    let result_check = r.u32_le().map_err(malformed("its checks cut short"))?;
    Ok(TableLink {
        kind,
        table,
        start,
        first,
        moves,
        base_check,
        result_check,
    })
}

fn element(index: u8) -> Result<Element, LinkError> {
    Element::ALL
        .get(usize::from(index))
        .copied()
        .ok_or(LinkError::Malformed(
            "a tile that is not one of the 33 elements",
        ))
}

fn read_tile(r: &mut Reader) -> Result<Tile, LinkError> {
    let b = r.byte().map_err(malformed("a move cut short"))?;
    if b == WILD_TILE {
        Ok(Tile::Wild)
    } else {
        element(b).map(Tile::Element)
    }
}

fn read_move(r: &mut Reader) -> Result<Move, LinkError> {
    let tag = r.byte().map_err(malformed("a move cut short"))?;
    let count = |r: &mut Reader, per_tile: usize| -> Result<usize, LinkError> {
        let low = tag & COUNT_FOLLOWS;
        let n = if low == COUNT_FOLLOWS {
            let more = r.count(r.left()).map_err(malformed("a move cut short"))?;
            more + usize::from(COUNT_FOLLOWS)
        } else {
            usize::from(low)
        };
        if n.saturating_mul(per_tile) > r.left() {
            return Err(LinkError::Malformed("a move cut short"));
        }
        Ok(n)
    };
    match tag {
        PASS => Ok(Move::Pass),
        END => Ok(Move::End),
        _ if tag & 0xC0 == PLAY => {
            let n = count(r, 2)?;
            let mut tiles = Vec::with_capacity(n);
            for _ in 0..n {
                let square = r.byte().map_err(malformed("a move cut short"))?;
                if square >= SQUARES {
                    return Err(LinkError::Malformed("a square off the board"));
                }
                let tile = r.byte().map_err(malformed("a move cut short"))?;
                tiles.push(Placement {
                    row: square / 15,
                    col: square % 15,
                    el: element(tile & !WILD_FLAG)?,
                    wild: tile & WILD_FLAG != 0,
                });
            }
            Ok(Move::Play(tiles))
        }
        _ if tag & 0xC0 == EXCHANGE => {
            let n = count(r, 1)?;
            let mut tiles = Vec::with_capacity(n);
            for _ in 0..n {
                tiles.push(read_tile(r)?);
            }
            Ok(Move::Exchange(tiles))
        }
        _ => Err(LinkError::Malformed("a move of an unknown kind")),
    }
}

fn read_start(r: &mut Reader) -> Result<GameRecord, LinkError> {
    let cut = malformed("a game start cut short");
    let flags = r.byte().map_err(&cut)?;
    if flags & !(THEORY | PASS_AND_PLAY | HAS_BAG) != 0 {
        return Err(LinkError::Malformed("a game start with unknown options"));
    }
    let first = r
        .count(3)
        .map_err(malformed("a first seat a table can't have"))?;
    let seed = r.u64_le().map_err(&cut)?;
    let seats = r.count(4).map_err(malformed("more than 4 players"))?;
    let mut players = Vec::with_capacity(seats);
    for _ in 0..seats {
        let len = r.count(r.left()).map_err(&cut)?;
        let name = r.take(len).map_err(&cut)?;
        let name = std::str::from_utf8(name)
            .map_err(|_| LinkError::Malformed("a player's name that is not text"))?;
        players.push(Value::from(name));
    }
    let bag = if flags & HAS_BAG != 0 {
        let len = r.count(r.left()).map_err(&cut)?;
        let mut tiles = Vec::with_capacity(len);
        for _ in 0..len {
            tiles.push(Value::from(read_tile(r)?.symbol()));
        }
        Some(Value::Array(tiles))
    } else {
        None
    };
    let len = r.count(r.left()).map_err(&cut)?;
    let extra = r.take(len).map_err(&cut)?;
    // the record is rebuilt as JSON and read by the record reader, so every check a record
    // file gets (and any key other builds add) applies to links too
    let mut object = Map::new();
    if len > 0 {
        let text = std::str::from_utf8(extra)
            .map_err(|_| LinkError::Malformed("game options that are not text"))?;
        let value = molscrab_json::parse(text)
            .map_err(|_| LinkError::Malformed("game options that are not JSON"))?;
        let Value::Object(extra) = value else {
            return Err(LinkError::Malformed(
                "game options that are not a JSON object",
            ));
        };
        if extra.is_empty() || extra.iter().any(|(k, _)| KNOWN_KEYS.contains(&k)) {
            return Err(LinkError::Malformed("game options spelled two ways"));
        }
        object = extra;
    }
    let kind = if flags & PASS_AND_PLAY != 0 {
        Kind::PassAndPlay
    } else {
        Kind::Solitaire
    };
    object.insert("format".into(), FORMAT.into());
    object.insert("kind".into(), kind.code().into());
    object.insert("theory".into(), (flags & THEORY != 0).into());
    object.insert("players".into(), Value::Array(players));
    object.insert("first".into(), first.into());
    object.insert("seed".into(), seed.into());
    if let Some(bag) = bag {
        object.insert("bag".into(), bag);
    }
    GameRecord::from_value(&Value::Object(object)).map_err(LinkError::Record)
}
