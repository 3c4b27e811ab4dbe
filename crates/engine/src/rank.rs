//! Solitaire's ranks, from Lab Assistant to Nobel Laureate, by final score (RULES §6).

/// Solitaire ranks by final score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    LabAssistant,
    LabTechnician,
    ResearchChemist,
    Professor,
    NobelLaureate,
}

impl Rank {
    pub const ALL: [Rank; 5] = [
        Rank::LabAssistant,
        Rank::LabTechnician,
        Rank::ResearchChemist,
        Rank::Professor,
        Rank::NobelLaureate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Rank::LabAssistant => "Lab Assistant",
            Rank::LabTechnician => "Lab Technician",
            Rank::ResearchChemist => "Research Chemist",
            Rank::Professor => "Professor",
            Rank::NobelLaureate => "Nobel Laureate",
        }
    }

    /// The lowest final score that earns this rank.
    pub fn threshold(self) -> i32 {
        match self {
            Rank::LabAssistant => i32::MIN,
            Rank::LabTechnician => 75,
            Rank::ResearchChemist => 150,
            Rank::Professor => 250,
            Rank::NobelLaureate => 350,
        }
    }

    pub fn from_score(score: i32) -> Rank {
        Rank::ALL
            .into_iter()
            .rev()
            .find(|r| score >= r.threshold())
            .unwrap_or(Rank::LabAssistant)
    }

    /// The next rank up and the score it starts at.
    pub fn next(self) -> Option<(Rank, i32)> {
        let next = Rank::ALL.into_iter().find(|r| *r > self)?;
        Some((next, next.threshold()))
    }

    /// Points still needed for the next rank, if there is one.
    pub fn points_to_next(score: i32) -> Option<i32> {
        Rank::from_score(score)
            .next()
            .map(|(_, at)| at.saturating_sub(score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_final_score() {
        assert_eq!(Rank::from_score(-5), Rank::LabAssistant);
        assert_eq!(Rank::from_score(74), Rank::LabAssistant);
        assert_eq!(Rank::from_score(75), Rank::LabTechnician);
        assert_eq!(Rank::from_score(149), Rank::LabTechnician);
        assert_eq!(Rank::from_score(150), Rank::ResearchChemist);
        assert_eq!(Rank::from_score(250), Rank::Professor);
        assert_eq!(Rank::from_score(349), Rank::Professor);
        assert_eq!(Rank::from_score(350), Rank::NobelLaureate);
        assert_eq!(Rank::LabAssistant.next(), Some((Rank::LabTechnician, 75)));
        assert_eq!(Rank::Professor.next(), Some((Rank::NobelLaureate, 350)));
        assert_eq!(Rank::NobelLaureate.next(), None);
        assert_eq!(Rank::points_to_next(140), Some(10));
        assert_eq!(Rank::points_to_next(400), None);
        assert_eq!(Rank::ResearchChemist.name(), "Research Chemist");
    }
}
