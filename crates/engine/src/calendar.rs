//! Calendar dates (proleptic Gregorian, years 0001–9999) for the Daily Bench: strict YYYY-MM-DD, day numbers, next and previous day.

use std::fmt;
use std::str::FromStr;

/// A calendar date. The Daily Bench uses the player's local date; this type knows no time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a text or numbers are not a date; `Display` is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not ten characters `YYYY-MM-DD` of digits and dashes.
    Shape(String),
    /// Year 0000 (years run 0001 to 9999).
    Year(u16),
    Month(u8),
    /// A day the month does not have (the 30th of February, the 0th).
    Day {
        year: u16,
        month: u8,
        day: u8,
    },
}

/// The months' English names, January first.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl fmt::Display for DateError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateError::Shape(text) => {
                // a hostile argument is not echoed at length
                let shown: String = text.chars().take(40).collect();
                let more = if text.chars().count() > 40 { "…" } else { "" };
                write!(
                    out,
                    "\"{shown}{more}\" is not a date: write it as YYYY-MM-DD, e.g. 2026-11-30."
                )
            }
            DateError::Year(year) => write!(
                out,
                "{year:04} is not a year this game knows: years run from 0001 to 9999."
            ),
            DateError::Month(month) => write!(
                out,
                "Month {month:02} does not exist: months run from 01 to 12."
            ),
            DateError::Day { year, month, day } => {
                let name = MONTH_NAMES
                    .get(usize::from(*month).wrapping_sub(1))
                    .copied()
                    .unwrap_or("That month");
                write!(
                    out,
                    "{year:04}-{month:02}-{day:02} is not a date: {name} {year:04} has {} days.",
                    days_in_month(*year, *month)
                )
            }
        }
    }
}

impl std::error::Error for DateError {}

/// Gregorian leap years: every 4th, but not every 100th, but every 400th.
pub const fn is_leap(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// Days in a month (1–12) of a year; 0 for a month that does not exist.
pub const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

// 1970-01-01 counted from 0000-03-01, the start of the 400-year cycle used below
const EPOCH_SHIFT: i64 = 719_468;

impl Date {
    pub const MIN: Date = Date {
        year: 1,
        month: 1,
        day: 1,
    };
    pub const MAX: Date = Date {
        year: 9999,
        month: 12,
        day: 31,
    };

    /// A date written into the program: a constant built from a date the calendar does not
    /// have fails to compile.
    pub const fn known(year: u16, month: u8, day: u8) -> Date {
        assert!(
            1 <= year && year <= 9999 && 1 <= day && day <= days_in_month(year, month),
            "no such date"
        );
        Date { year, month, day }
    }

    /// A date from its numbers, if the calendar has it.
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        if !(1..=9999).contains(&year) {
            return Err(DateError::Year(year));
        }
        if !(1..=12).contains(&month) {
            return Err(DateError::Month(month));
        }
        if day == 0 || day > days_in_month(year, month) {
            return Err(DateError::Day { year, month, day });
        }
        Ok(Date { year, month, day })
    }

    /// Reads exactly `YYYY-MM-DD` (no spaces, no other separators, two-digit month and day).
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let shape = || DateError::Shape(text.to_string());
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(shape());
        }
        let number = |range: std::ops::Range<usize>| -> Result<u16, DateError> {
            let digits = &bytes[range];
            if !digits.iter().all(u8::is_ascii_digit) {
                return Err(shape());
            }
            Ok(digits
                .iter()
                .fold(0u16, |n, d| n * 10 + u16::from(d - b'0')))
        };
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        // two digits each, so both fit a u8
        Date::new(year, month as u8, day as u8)
    }

    pub fn year(self) -> u16 {
        self.year
    }

    pub fn month(self) -> u8 {
        self.month
    }

    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before it): the Unix day number.
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil: years start on 1 March, so the leap day is last
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - EPOCH_SHIFT
    }

    /// The date of a Unix day number; `None` outside 0001-01-01 ..= 9999-12-31.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        if days < Date::MIN.days_since_epoch() || days > Date::MAX.days_since_epoch() {
            return None;
        }
        // Hinnant's civil_from_days
        let z = days + EPOCH_SHIFT;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(
            u16::try_from(year).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        )
        .ok()
    }

    /// The next day; `None` after 9999-12-31.
    pub fn next(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() + 1)
    }

    /// The day before; `None` before 0001-01-01.
    pub fn previous(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() - 1)
    }
}

impl FromStr for Date {
    type Err = DateError;
    fn from_str(text: &str) -> Result<Date, DateError> {
        Date::parse(text)
    }
}

/// `YYYY-MM-DD`.
impl fmt::Display for Date {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date written in a test, or the test fails with the reason.
#[cfg(test)]
pub(crate) fn test_date(text: &str) -> Date {
    match Date::parse(text) {
        Ok(d) => d,
        Err(e) => panic!("{text}: {e}"),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    use super::test_date as date;

    #[test]
    fn real_dates_read_and_write_back() {
        for text in [
            "2026-11-30",
            "1970-01-01",
            "2000-02-29",
            "2024-02-29",
            "0001-01-01",
            "9999-12-31",
        ] {
            assert_eq!(date(text).to_string(), text);
        }
        let d = date("2026-11-30");
        assert_eq!((d.year(), d.month(), d.day()), (2026, 11, 30));
        assert_eq!("2026-11-30".parse::<Date>(), Ok(d));
    }

    #[test]
    fn only_strict_yyyy_mm_dd_is_a_date() {
        for text in [
            "",
            "2026-1-30",
            "2026-11-3",
            "26-11-30",
            "2026/11/30",
            " 2026-11-30",
            "2026-11-30 ",
            "2026-11-30T00:00",
            "2026-+1-30",
            "２０２６-11-30",
            "abcd-ef-gh",
            "20261130",
        ] {
            assert!(
                matches!(Date::parse(text), Err(DateError::Shape(_))),
                "{text:?} read as {:?}",
                Date::parse(text)
            );
        }
    }

    #[test]
    fn days_the_calendar_lacks_are_refused_with_the_month_length() {
        assert_eq!(
            Date::parse("2026-02-29"),
            Err(DateError::Day {
                year: 2026,
                month: 2,
                day: 29
            })
        );
        assert_eq!(
            Date::parse("2026-02-29").map_err(|e| e.to_string()),
            Err("2026-02-29 is not a date: February 2026 has 28 days.".to_string())
        );
        // 1900 is not a leap year, 2000 is
        assert!(Date::parse("1900-02-29").is_err());
        assert!(Date::parse("2000-02-29").is_ok());
        assert!(Date::parse("2026-04-31").is_err());
        assert!(Date::parse("2026-01-00").is_err());
        assert_eq!(Date::parse("2026-13-01"), Err(DateError::Month(13)));
        assert_eq!(Date::parse("2026-00-10"), Err(DateError::Month(0)));
        assert_eq!(Date::parse("0000-01-01"), Err(DateError::Year(0)));
        assert!(Date::parse("2026-13-01")
            .map_err(|e| e.to_string())
            .is_err_and(|e| e.contains("01 to 12")));
        let long = "x".repeat(10_000);
        let shown = Date::parse(&long).map_err(|e| e.to_string());
        assert!(shown.is_err_and(|e| e.len() < 120));
    }

    #[test]
    fn day_numbers_match_the_unix_calendar() {
        assert_eq!(date("1970-01-01").days_since_epoch(), 0);
        assert_eq!(date("1969-12-31").days_since_epoch(), -1);
        assert_eq!(date("2000-03-01").days_since_epoch(), 11_017);
        // 1,796,083,200 s after the epoch, as `date -d 2026-12-01 +%s` says
        assert_eq!(
            date("2026-12-01").days_since_epoch(),
            1_796_083_200 / 86_400
        );
        assert_eq!(date("0001-01-01").days_since_epoch(), -719_162);
        assert_eq!(date("9999-12-31").days_since_epoch(), 2_932_896);
    }

    #[test]
    fn every_day_number_round_trips_and_steps_by_one() {
        let mut d = Date::MIN;
        let mut n = d.days_since_epoch();
        loop {
            assert_eq!(Date::from_days_since_epoch(n), Some(d));
            let Some(next) = d.next() else { break };
            assert!(next > d);
            assert_eq!(next.previous(), Some(d));
            n += 1;
            assert_eq!(next.days_since_epoch(), n);
            d = next;
        }
        assert_eq!(d, Date::MAX);
        assert_eq!(Date::MIN.previous(), None);
        assert_eq!(Date::from_days_since_epoch(i64::MAX), None);
        assert_eq!(Date::from_days_since_epoch(i64::MIN), None);
    }

    #[test]
    fn month_and_year_ends_step_over() {
        assert_eq!(date("2026-11-30").next(), Some(date("2026-12-01")));
        assert_eq!(date("2026-12-31").next(), Some(date("2027-01-01")));
        assert_eq!(date("2028-02-28").next(), Some(date("2028-02-29")));
        assert_eq!(date("2027-03-01").previous(), Some(date("2027-02-28")));
    }
}
