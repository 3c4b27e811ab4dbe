//! Any text as a table link, or any bytes sealed as one, read and opened against a table (checks in src/lib.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molscrab_fuzz_checks::check_link(data));
