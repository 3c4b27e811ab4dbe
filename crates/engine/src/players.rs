//! Who sits at the table: Solitaire's one player and the Pass and Play names rule (SPEC §9 "Names").

use std::fmt;

use crate::casefold;

/// Solitaire's one player.
pub const SOLITAIRE_PLAYER: &str = "You";

/// Why the Pass and Play names can't start a game; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NamesError {
    /// Players 1 and 2 must both have a name.
    FirstTwoNeeded,
    /// Two names differ only in case (or not at all).
    SameName(String, String),
}

impl fmt::Display for NamesError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamesError::FirstTwoNeeded => out.write_str("Type names for players 1 and 2."),
            NamesError::SameName(a, b) if a == b => {
                write!(
                    out,
                    "Two players are both called \"{a}\": give each a different name."
                )
            }
            NamesError::SameName(a, b) => write!(
                out,
                "\"{a}\" and \"{b}\" differ only in capitals: give each player a different name."
            ),
        }
    }
}

impl std::error::Error for NamesError {}

/// Pass and Play's seats from the form's name fields (SPEC §9 "Names"): trimmed, players 1
/// and 2 required, blank later seats closed up, no two names equal ignoring case. Fields after
/// the fourth are ignored.
pub fn pass_and_play_names<S: AsRef<str>>(fields: &[S]) -> Result<Vec<String>, NamesError> {
    let trimmed: Vec<&str> = fields.iter().take(4).map(|f| f.as_ref().trim()).collect();
    if trimmed.len() < 2 || trimmed[..2].iter().any(|n| n.is_empty()) {
        return Err(NamesError::FirstTwoNeeded);
    }
    let names: Vec<String> = trimmed
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    for (i, a) in names.iter().enumerate() {
        if let Some(b) = names[..i]
            .iter()
            .find(|b| casefold::same_ignoring_case(b, a))
        {
            return Err(NamesError::SameName(b.clone(), a.clone()));
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_and_play_names_are_trimmed_closed_up_and_distinct() {
        assert_eq!(
            pass_and_play_names(&[" Ada ", "Ben", "", "Cy"]),
            Ok(vec!["Ada".to_string(), "Ben".to_string(), "Cy".to_string()])
        );
        assert_eq!(
            pass_and_play_names(&["Ada", "  ", "Cy", ""]),
            Err(NamesError::FirstTwoNeeded)
        );
        assert_eq!(
            pass_and_play_names(&["Ada"]),
            Err(NamesError::FirstTwoNeeded)
        );
        assert_eq!(
            pass_and_play_names(&["Ada", "Ben", "ADA", ""]),
            Err(NamesError::SameName("Ada".into(), "ADA".into()))
        );
        assert!(pass_and_play_names(&["Ada", "Ben", "ADA", ""])
            .err()
            .is_some_and(|e| e.to_string().contains("capitals")));
    }
}
