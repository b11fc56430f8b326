//! Compact prefix tables: keys grouped by prefix length, one sorted `u32` array
//! per length (prefixes have at most 9 digits, so a value is always < 10^9),
//! looked up longest prefix first with a binary search per length.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast non-cryptographic hasher (FxHash) for deduplicating strings while
/// loading: the keys are our own embedded data, so no flooding concerns.
#[derive(Default)]
pub(super) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Longest prefix the tables may hold (the generator rejects longer ones).
pub(super) const MAX_PREFIX_LEN: usize = 9;

/// The numeric value of a prefix, or `None` unless it is 1..=9 ASCII digits.
pub(super) fn parse_prefix(prefix: &str) -> Option<(usize, u32)> {
    let bytes = prefix.as_bytes();
    if bytes.is_empty() || bytes.len() > MAX_PREFIX_LEN {
        return None;
    }
    let mut value = 0u32;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value * 10 + u32::from(b - b'0');
    }
    Some((bytes.len(), value))
}

/// The prefixes of one length: sorted keys and their values.
struct Group<V> {
    len: usize,
    keys: Box<[u32]>,
    values: Box<[V]>,
}

/// Maps prefixes to values of type `V`.
pub(super) struct PrefixIndex<V> {
    /// Non-empty groups, longest prefix length first.
    groups: Vec<Group<V>>,
    len: usize,
}

impl<V: Copy> PrefixIndex<V> {
    /// Builds the index; of duplicated prefixes the first one wins.
    pub(super) fn build(entries: Vec<(usize, u32, V)>) -> Self {
        let mut by_len: Vec<Vec<(u32, V)>> = (0..=MAX_PREFIX_LEN).map(|_| Vec::new()).collect();
        for (len, key, value) in entries {
            if let Some(group) = by_len.get_mut(len) {
                group.push((key, value));
            }
        }
        let mut groups = Vec::new();
        let mut total = 0;
        for (len, mut group) in by_len.into_iter().enumerate().rev() {
            if group.is_empty() {
                continue;
            }
            if !group.windows(2).all(|w| w[0].0 < w[1].0) {
                group.sort_by_key(|&(key, _)| key); // stable: the first duplicate stays first
                group.dedup_by_key(|&mut (key, _)| key);
            }
            total += group.len();
            let keys: Box<[u32]> = group.iter().map(|&(key, _)| key).collect();
            let values: Box<[V]> = group.iter().map(|&(_, value)| value).collect();
            groups.push(Group { len, keys, values });
        }
        PrefixIndex { groups, len: total }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The values of every prefix of `digits` in the table, longest prefix
    /// first. Only the leading run of ASCII digits is considered.
    pub(super) fn matches<'a>(&'a self, digits: &str) -> impl Iterator<Item = V> + 'a {
        // prefix_values[n] = value of the first n digits.
        let mut prefix_values = [0u32; MAX_PREFIX_LEN + 1];
        let mut available = 0;
        for (i, &b) in digits.as_bytes().iter().take(MAX_PREFIX_LEN).enumerate() {
            if !b.is_ascii_digit() {
                break;
            }
            prefix_values[i + 1] = prefix_values[i] * 10 + u32::from(b - b'0');
            available = i + 1;
        }
        self.groups
            .iter()
            .filter(move |group| group.len <= available)
            .filter_map(move |group| {
                let index = group
                    .keys
                    .binary_search(prefix_values.get(group.len)?)
                    .ok()?;
                group.values.get(index).copied()
            })
    }

    /// Approximate heap bytes.
    pub(super) fn heap_bytes(&self) -> usize {
        self.groups.capacity() * std::mem::size_of::<Group<V>>()
            + self
                .groups
                .iter()
                .map(|group| group.keys.len() * 4 + std::mem::size_of_val::<[V]>(&group.values))
                .sum::<usize>()
    }
}

/// Deduplicated strings in one buffer; id 0 is the empty string ("none").
pub(super) struct Strings {
    text: String,
    /// String `id` is `text[ends[id - 1]..ends[id]]` (with `ends[-1]` = 0).
    ends: Vec<u32>,
}

impl Strings {
    pub(super) fn get(&self, id: u32) -> Option<&str> {
        if id == 0 {
            return None;
        }
        let id = id as usize;
        let start = *self.ends.get(id - 1)? as usize;
        let end = *self.ends.get(id)? as usize;
        self.text.get(start..end).filter(|s| !s.is_empty())
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.ends.capacity() * 4
    }
}

/// Collects strings into a [`Strings`], handing out ids.
pub(super) struct StringsBuilder<'a> {
    strings: Strings,
    ids: FxHashMap<&'a str, u32>,
}

impl<'a> StringsBuilder<'a> {
    pub(super) fn new() -> Self {
        StringsBuilder {
            strings: Strings {
                text: String::new(),
                ends: vec![0],
            },
            ids: FxHashMap::default(),
        }
    }

    /// The id of `s` (0 for the empty string).
    pub(super) fn intern(&mut self, s: &'a str) -> u32 {
        if s.is_empty() {
            return 0;
        }
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let (Ok(id), Ok(_)) = (
            u32::try_from(self.strings.ends.len()),
            u32::try_from(self.strings.text.len() + s.len()),
        ) else {
            return 0; // > 4 GB of text: cannot happen with the shipped data
        };
        self.strings.text.push_str(s);
        self.strings.ends.push(self.strings.text.len() as u32);
        self.ids.insert(s, id);
        id
    }

    pub(super) fn finish(self) -> Strings {
        let mut strings = self.strings;
        strings.text.shrink_to_fit();
        strings.ends.shrink_to_fit();
        strings
    }
}
