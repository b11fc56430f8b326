//! libphonenumber's prefix tables for area descriptions (geocoding), carriers
//! and time zones, in English, Indonesian and Chinese.
//!
//! The data comes from `phonenumbers` 9.0.42 (the metadata version of the
//! Rust engine) via `scripts/gen-phone-data.py`, embedded as gzip TSV files
//! from `server/data/phone/` and parsed once.
//!
//! Lookups are pure prefix lookups on E.164 digits (no '+'); deciding whether
//! a number should be geocoded at all (number type, mobile token, fallback to
//! the country name or `Etc/Unknown`) is the caller's business — see
//! `scripts/check-phone-data.py` for what libphonenumber does.

mod table;

use std::io::Read;
use std::sync::OnceLock;

use table::{parse_prefix, FxHashMap, PrefixIndex, Strings, StringsBuilder};

static DATA: OnceLock<PhoneData> = OnceLock::new();

const GEOCODING_GZ: &[u8] = include_bytes!("../../../data/phone/geocoding.tsv.gz");
const CARRIER_GZ: &[u8] = include_bytes!("../../../data/phone/carrier.tsv.gz");
const TIMEZONES_GZ: &[u8] = include_bytes!("../../../data/phone/timezones.tsv.gz");

/// The languages the tables carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Id,
    Zh,
}

/// The three tables, parsed. About 4 MB of heap.
pub struct PhoneData {
    geocoding: TextTable,
    carrier: TextTable,
    time_zones: ZoneTable,
}

impl PhoneData {
    /// Decompresses and parses the embedded tables (~0.1 s in release;
    /// use [`PhoneData::global`] outside benchmarks).
    pub fn load() -> PhoneData {
        PhoneData {
            geocoding: TextTable::parse(&gunzip(GEOCODING_GZ)),
            carrier: TextTable::parse(&gunzip(CARRIER_GZ)),
            time_zones: ZoneTable::parse(&gunzip(TIMEZONES_GZ)),
        }
    }

    /// The tables, loaded on first use (a caller that comes while another
    /// thread loads them waits for that load).
    pub fn global() -> &'static PhoneData {
        DATA.get_or_init(PhoneData::load)
    }

    /// Starts loading the tables on a thread of their own, so a starting
    /// server listens without waiting for them (~0.4 s unoptimised in the
    /// edit loop's debug build, ~0.1 s in release); a lookup that comes
    /// before the load ends waits for it.
    pub fn load_in_background() {
        if DATA.get().is_none() {
            std::thread::spawn(|| {
                PhoneData::global();
            });
        }
    }

    /// Area description of the number (libphonenumber's
    /// `PhoneNumberOfflineGeocoder` prefix lookup): walks the prefixes of
    /// `e164_digits` present in the table from the longest down and returns
    /// the first one's text in `lang`. For `Id` a prefix without Indonesian
    /// text yields its English text; for `Zh` there is no English fallback
    /// (as in libphonenumber, which falls back to the country name instead),
    /// so a prefix without Chinese text is skipped. `None` if nothing matches.
    pub fn area(&self, e164_digits: &str, lang: Lang) -> Option<&str> {
        self.geocoding.lookup(e164_digits, lang)
    }

    /// Carrier the number range was originally allocated to
    /// (libphonenumber's `PhoneNumberToCarrierMapper`); same rules as
    /// [`PhoneData::area`].
    pub fn carrier(&self, e164_digits: &str, lang: Lang) -> Option<&str> {
        self.carrier.lookup(e164_digits, lang)
    }

    /// IANA time zones of the longest prefix of `e164_digits` in the table
    /// (libphonenumber's `PhoneNumberToTimeZonesMapper`); empty if none
    /// matches (libphonenumber then answers `Etc/Unknown`).
    pub fn time_zones(&self, e164_digits: &str) -> &[Box<str>] {
        self.time_zones.lookup(e164_digits)
    }

    /// Entries in the (geocoding, carrier, time zone) tables.
    pub fn stats(&self) -> (usize, usize, usize) {
        (
            self.geocoding.index.len(),
            self.carrier.index.len(),
            self.time_zones.index.len(),
        )
    }

    /// Approximate heap bytes held by the tables.
    pub fn heap_bytes(&self) -> usize {
        self.geocoding.heap_bytes() + self.carrier.heap_bytes() + self.time_zones.heap_bytes()
    }
}

/// The embedded file as text; empty (no entries) if it were ever corrupt,
/// which the tests rule out.
fn gunzip(bytes: &[u8]) -> String {
    // The gzip trailer ends with the uncompressed size (mod 2^32): a capacity hint.
    let size = bytes
        .len()
        .checked_sub(4)
        .and_then(|at| <[u8; 4]>::try_from(bytes.get(at..)?).ok())
        .map_or(0, |tail| u32::from_le_bytes(tail) as usize);
    let mut text = String::with_capacity(size.min(64 << 20));
    if flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .is_err()
    {
        debug_assert!(false, "corrupt embedded phone data");
        text.clear();
    }
    text
}

/// Data lines: no comments, no blank lines.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// prefix → (en, id, zh) texts.
struct TextTable {
    /// Prefix → row id.
    index: PrefixIndex<u32>,
    /// Row id → string ids of (en, id, zh), 0 = none.
    rows: Box<[[u32; 3]]>,
    strings: Strings,
}

impl TextTable {
    /// Lines `prefix\ten\tid\tzh`.
    fn parse(text: &str) -> TextTable {
        let mut strings = StringsBuilder::new();
        let mut rows = Vec::new();
        let mut row_ids: FxHashMap<[u32; 3], u32> = FxHashMap::default();
        let mut entries = Vec::new();
        // Neighbouring prefixes often share their texts: reuse the last row.
        let mut last: Option<(&str, u32)> = None;
        for line in data_lines(text) {
            let Some((prefix, texts)) = line.split_once('\t') else {
                continue;
            };
            let Some((len, key)) = parse_prefix(prefix) else {
                continue;
            };
            let row_id = match last {
                Some((last_texts, row_id)) if last_texts == texts => row_id,
                _ => {
                    let mut fields = texts.split('\t');
                    let mut row = [0u32; 3];
                    for slot in &mut row {
                        *slot = strings.intern(fields.next().unwrap_or(""));
                    }
                    if row == [0; 3] {
                        continue;
                    }
                    let next_id = rows.len() as u32;
                    *row_ids.entry(row).or_insert_with(|| {
                        rows.push(row);
                        next_id
                    })
                }
            };
            last = Some((texts, row_id));
            entries.push((len, key, row_id));
        }
        TextTable {
            index: PrefixIndex::build(entries),
            rows: rows.into(),
            strings: strings.finish(),
        }
    }

    fn lookup(&self, digits: &str, lang: Lang) -> Option<&str> {
        self.index.matches(digits).find_map(|row_id| {
            let [en, id, zh] = *self.rows.get(row_id as usize)?;
            match lang {
                Lang::En => self.strings.get(en),
                Lang::Id => self.strings.get(id).or_else(|| self.strings.get(en)),
                Lang::Zh => self.strings.get(zh),
            }
        })
    }

    fn heap_bytes(&self) -> usize {
        self.index.heap_bytes() + self.rows.len() * 12 + self.strings.heap_bytes()
    }
}

/// prefix → list of IANA zones.
struct ZoneTable {
    /// Prefix → list id.
    index: PrefixIndex<u32>,
    lists: Box<[Box<[Box<str>]>]>,
}

impl ZoneTable {
    /// Lines `prefix\tzone1&zone2&...`.
    fn parse(text: &str) -> ZoneTable {
        let mut lists: Vec<Box<[Box<str>]>> = Vec::new();
        let mut list_ids: FxHashMap<&str, u32> = FxHashMap::default();
        let mut entries = Vec::new();
        for line in data_lines(text) {
            let Some((prefix, zones)) = line.split_once('\t') else {
                continue;
            };
            let Some((len, key)) = parse_prefix(prefix) else {
                continue;
            };
            if zones.is_empty() {
                continue;
            }
            let next_id = lists.len() as u32;
            let list_id = *list_ids.entry(zones).or_insert_with(|| {
                lists.push(
                    zones
                        .split('&')
                        .filter(|z| !z.is_empty())
                        .map(Box::from)
                        .collect(),
                );
                next_id
            });
            entries.push((len, key, list_id));
        }
        ZoneTable {
            index: PrefixIndex::build(entries),
            lists: lists.into(),
        }
    }

    fn lookup(&self, digits: &str) -> &[Box<str>] {
        self.index
            .matches(digits)
            .next()
            .and_then(|list_id| self.lists.get(list_id as usize))
            .map_or(&[], |list| &list[..])
    }

    fn heap_bytes(&self) -> usize {
        self.index.heap_bytes()
            + self
                .lists
                .iter()
                .map(|list| 16 + list.iter().map(|zone| 16 + zone.len()).sum::<usize>())
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests;
