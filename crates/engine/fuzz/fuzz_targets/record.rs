//! Any bytes through the JSON reader, the record reader and `Game::load` (checks in src/lib.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molscrab_fuzz_checks::check_record(data));
