//! Statements whose SQL is written once per database backend.
//!
//! Writing a statement with sea-query (its conditions, joins and subqueries
//! turned into text) costs about as much as SQLite takes to run it. A
//! statement made on every request is therefore written once per backend
//! with stand-ins for its values, and each use puts its own values where
//! the stand-ins stood. The statement's shape must not depend on its values.
use sea_orm::sea_query::Value;
use sea_orm::{DbBackend, Statement, StatementBuilder};
use std::sync::OnceLock;

/// A statement's SQL per backend, written on first use.
#[derive(Debug)]
pub struct Template<const N: usize> {
    written: [OnceLock<Written<N>>; 3],
}

/// One backend's SQL, its values and where each parameter stands among them.
#[derive(Debug)]
struct Written<const N: usize> {
    sql: String,
    values: Vec<Value>,
    slots: [usize; N],
}

impl<const N: usize> Default for Template<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Template<N> {
    /// A template nothing is written into yet.
    #[must_use]
    pub const fn new() -> Self {
        Template {
            written: [const { OnceLock::new() }; 3],
        }
    }

    /// The statement `build` makes from `args` on `backend`. `build` must
    /// use each argument once as a value and make the same statement
    /// whatever they are (it is first given stand-ins of the same types).
    pub fn statement<S: StatementBuilder>(
        &self,
        backend: DbBackend,
        build: impl FnOnce([Value; N]) -> S,
        args: [Value; N],
    ) -> Statement {
        let index = match backend {
            DbBackend::Sqlite => 0,
            DbBackend::Postgres => 1,
            _ => 2,
        };
        let written = self.written[index].get_or_init(|| write(backend, build, &args));
        let mut values = written.values.clone();
        for (slot, arg) in written.slots.iter().zip(args) {
            values[*slot] = arg;
        }
        Statement::from_sql_and_values(backend, written.sql.clone(), values)
    }
}

/// Writes `build`'s statement with stand-ins of `args`' types and finds
/// where each stood.
fn write<const N: usize, S: StatementBuilder>(
    backend: DbBackend,
    build: impl FnOnce([Value; N]) -> S,
    args: &[Value; N],
) -> Written<N> {
    let stand_ins: [Value; N] = std::array::from_fn(|i| stand_in(&args[i], i));
    let statement = backend.build(&build(stand_ins.clone()));
    let values = statement.values.map(|v| v.0).unwrap_or_default();
    let slots = stand_ins.map(|stand_in| {
        let mut at = values.iter().enumerate().filter(|(_, v)| **v == stand_in);
        match (at.next(), at.next()) {
            (Some((slot, _)), None) => slot,
            _ => panic!("a template's argument must be used exactly once as a value"),
        }
    });
    Written {
        sql: statement.sql,
        values,
        slots,
    }
}

/// A value of `like`'s type that no real argument takes, the `i`th of them.
fn stand_in(like: &Value, i: usize) -> Value {
    // A statement's own constants are small numbers and short words.
    const FAR: i64 = 0x5eed_0000_0000;
    let i = i64::try_from(i).unwrap_or_default();
    match like {
        Value::BigInt(_) => Value::from(-FAR - i),
        Value::BigUnsigned(_) => Value::from(FAR.unsigned_abs() + i.unsigned_abs()),
        Value::String(_) => Value::from(format!("\u{1}template stand-in {i}")),
        other => panic!("a template takes numbers of 64 bits and text, not {other:?}"),
    }
}

/// The number a `u64` argument holds, for the places sea-query takes a
/// number rather than a value (`LIMIT`, `OFFSET`).
#[must_use]
pub fn unsigned(value: &Value) -> u64 {
    match value {
        Value::BigUnsigned(Some(n)) => *n,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::sea_query::{Alias, Expr, ExprTrait as _, Query, SelectStatement};

    fn select([name, owner, size]: [Value; 3]) -> SelectStatement {
        Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("thing"))
            .and_where(Expr::col(Alias::new("name")).eq(name))
            .and_where(Expr::col(Alias::new("kind")).eq("fixed"))
            .and_where(Expr::col(Alias::new("owner")).eq(owner))
            .limit(unsigned(&size))
            .to_owned()
    }

    #[test]
    fn each_use_is_the_statement_written_with_its_own_values() {
        let template = Template::<3>::new();
        for backend in [DbBackend::Sqlite, DbBackend::Postgres] {
            for (name, owner, size) in [("a", 1_i64, 20_u64), ("b", 2, 5)] {
                let args = || [Value::from(name), Value::from(owner), Value::from(size)];
                let made = template.statement(backend, select, args());
                assert_eq!(made, backend.build(&select(args())));
            }
        }
    }

    #[test]
    #[should_panic(expected = "exactly once")]
    fn an_argument_the_statement_does_not_use_is_refused() {
        let template = Template::<1>::new();
        let unused =
            |_: [Value; 1]| select([Value::from("x"), Value::from(1_i64), Value::from(1_u64)]);
        template.statement(DbBackend::Sqlite, unused, [Value::from("y")]);
    }
}
