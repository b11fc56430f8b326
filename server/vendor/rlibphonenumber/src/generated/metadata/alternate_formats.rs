// This file is auto-generated. Do not edit.
pub static ALTERNATE_FORMATS_METADATA: &[u8] = include_bytes!("alternate_formats.bin");
