// This file is auto-generated. Do not edit.
pub static TEST_METADATA: &[u8] = include_bytes!("test_metadata.bin");
