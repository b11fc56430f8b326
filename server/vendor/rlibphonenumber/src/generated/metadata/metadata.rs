// This file is auto-generated. Do not edit.
pub static METADATA: &[u8] = include_bytes!("metadata.bin");
