//! Reading a payment provider's variables: set or not, required once the
//! provider is configured, and the `plan=id` maps (our plan id → the
//! provider's price, product or plan id).
use std::collections::HashMap;

/// Parses `"1=pri_abc,2=pri_def"` (our plan id → the provider's id).
///
/// # Errors
/// A pair without `=`, a plan id that is not a number, or an empty id.
pub fn plan_map(name: &str, value: &str) -> anyhow::Result<HashMap<i64, String>> {
    let mut map = HashMap::new();
    for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (plan, id) = pair
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("{name}: {pair:?} is not plan=id"))?;
        let plan: i64 = plan
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{name}: plan {plan:?} is not a number"))?;
        let id = id.trim();
        anyhow::ensure!(!id.is_empty(), "{name}: plan {plan} has an empty id");
        map.insert(plan, id.to_owned());
    }
    Ok(map)
}

/// A variable that must be set (non-empty) once its adapter is configured.
///
/// # Errors
/// It is unset or empty.
pub fn required(
    var: &dyn Fn(&str) -> Option<String>,
    name: &str,
    because: &str,
) -> anyhow::Result<String> {
    var(name)
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| anyhow::anyhow!("{name} is required when {because} is set"))
}

/// An optional `plan=id` map (empty when the variable is unset).
///
/// # Errors
/// A malformed map.
pub fn optional_plan_map(
    var: &dyn Fn(&str) -> Option<String>,
    name: &str,
) -> anyhow::Result<HashMap<i64, String>> {
    optional(var, name).map_or_else(|| Ok(HashMap::new()), |v| plan_map(name, &v))
}

/// A variable's value without surrounding blanks, `None` when unset or blank.
pub fn trimmed(var: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<String> {
    var(name)
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

/// Whether a provider configured by all of its `required` variables or none
/// of them is configured.
///
/// # Errors
/// Only some of them are set (the message names those missing).
pub fn all_or_none(
    var: &dyn Fn(&str) -> Option<String>,
    required: &[&str],
    provider: &str,
) -> anyhow::Result<bool> {
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|name| trimmed(var, name).is_none())
        .collect();
    if missing.len() == required.len() {
        return Ok(false);
    }
    anyhow::ensure!(
        missing.is_empty(),
        "{provider} is partly configured: {} not set",
        missing.join(", ")
    );
    Ok(true)
}

/// An optional variable, `None` when unset or empty.
pub fn optional(var: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<String> {
    var(name).filter(|v| !v.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_maps_parse_and_refuse_nonsense() {
        let map = plan_map("X", "1=pri_abc, 2=pri_def,").unwrap();
        assert_eq!(map.get(&1).map(String::as_str), Some("pri_abc"));
        assert_eq!(map.get(&2).map(String::as_str), Some("pri_def"));
        assert!(plan_map("X", "1").is_err());
        assert!(plan_map("X", "one=pri").is_err());
        assert!(plan_map("X", "1=").is_err());
    }
}
