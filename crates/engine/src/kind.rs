//! The kind of game: Solitaire (one player) or Pass and Play (2–4 players on one device).

/// Solitaire (1 player) or Pass and Play (2–4 players on one device).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Solitaire,
    PassAndPlay,
}

impl Kind {
    /// "solitaire" or "pass-and-play", as in the record.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Solitaire => "solitaire",
            Kind::PassAndPlay => "pass-and-play",
        }
    }

    /// The kind of a game of this many players: one is Solitaire, more Pass and Play.
    pub fn of_seats(seats: usize) -> Kind {
        if seats == 1 {
            Kind::Solitaire
        } else {
            Kind::PassAndPlay
        }
    }

    /// The numbers of players this kind allows.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Kind::Solitaire => 1..=1,
            Kind::PassAndPlay => 2..=4,
        }
    }
}
