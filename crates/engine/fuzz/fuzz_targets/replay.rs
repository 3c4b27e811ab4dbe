//! A whole game built from bytes, move by move, then replayed from its record (checks in src/lib.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| molscrab_fuzz_checks::check_replay(data));
