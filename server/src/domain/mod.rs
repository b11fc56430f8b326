//! Pure domain logic: no I/O, no database. Services combine it with storage.
pub mod phone;
pub mod phone_data;
pub mod robocall_law;
pub mod zones;
